/** True once `ms` have passed while `waiting` holds (a wait that never ends becomes a message). */
import { useEffect, useState } from "react";

export function useWaitTimeout(waiting: boolean, ms: number): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setExpired(false);
      return;
    }
    const t = window.setTimeout(() => setExpired(true), ms);
    return () => window.clearTimeout(t);
  }, [waiting, ms]);
  return expired;
}
