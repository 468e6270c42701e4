/**
 * Which provider and model each pi turn went to: pi records `provider`, `api` and `model` on every
 * assistant message and a `model_change` entry (`provider`, `modelId`) when the user switches;
 * a v1 header carries the starting `provider`/`modelId`. Linear in the branch; an append
 * continues the previous run.
 */
import { sharedPrefix } from "../../model/fold-resume.js";
import { type ModelRef, providerOf } from "../../model/provider-names.js";
import type { Entry, Session } from "../../model/types.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * The last pi result per header, to continue: an append extends the branch with the same entry
 * objects, so the turns of the part both branches share are the previous ones. Branch arrays are
 * never changed once made, and neither is a returned list of turns (an unchanged list is returned
 * again); `countAfter` (turns up to each branch entry) is the run's own, taken over in place.
 */
const lastPiTurns = new WeakMap<object, { branch: readonly Entry[]; out: ModelRef[]; countAfter: number[] }>();

/** An assistant entry's model reference, once per entry (an edit gives the edited entry a new object). */
const turnOf = new WeakMap<Entry, ModelRef>();
function piTurn(e: Entry): ModelRef | undefined {
  const v = e.raw;
  if (v.type !== "model_change" && !(v.type === "message" && v.message && typeof v.message === "object" && v.message.role === "assistant")) return undefined;
  let t = turnOf.get(e);
  if (!t) {
    t = readPiTurn(e);
    if (t) turnOf.set(e, t);
  }
  return t;
}

function readPiTurn(e: Entry): ModelRef | undefined {
  const v = e.raw;
  const m = v.type === "message" ? v.message : undefined;
  if (v.type === "model_change") return { provider: providerOf(str(v.provider), undefined, str(v.modelId)), recordedProvider: str(v.provider), model: str(v.modelId), line: e.line };
  if (m && typeof m === "object" && m.role === "assistant") return { provider: providerOf(str(m.provider), str(m.api), str(m.model)), recordedProvider: str(m.provider), api: str(m.api), model: str(m.model), line: e.line };
  return undefined;
}

/** Every model reference on the active branch, in order: one per assistant turn and `model_change` (and the v1 header's starting model). */
export function piModelTurns(session: Session): ModelRef[] {
  let out: ModelRef[] = [];
  const h = session.header?.raw;
  const branch = session.branch;
  const prev = h ? lastPiTurns.get(h) : undefined;
  if (h) lastPiTurns.delete(h);
  const from = prev ? sharedPrefix(prev.branch, branch) : 0;
  let countAfter: number[] = [];
  if (prev && from > 0) {
    const kept = prev.countAfter[from - 1];
    countAfter = prev.countAfter;
    countAfter.length = from;
    const added: ModelRef[] = [];
    for (let i = from; i < branch.length; i++) {
      const t = piTurn(branch[i]);
      if (t) added.push(t);
      countAfter.push(kept + added.length);
    }
    out = kept === prev.out.length && added.length === 0 ? prev.out : prev.out.slice(0, kept).concat(added);
  } else {
    if (h && (str(h.provider) || str(h.modelId)))
      out.push({ provider: providerOf(str(h.provider), undefined, str(h.modelId)), recordedProvider: str(h.provider), model: str(h.modelId), line: session.header!.line });
    for (const e of branch) {
      const t = piTurn(e);
      if (t) out.push(t);
      countAfter.push(out.length);
    }
  }
  if (h) lastPiTurns.set(h, { branch, out, countAfter });
  return out;
}
