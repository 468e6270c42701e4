/**
 * An image of a message, shown (issue 23): its bytes are asked of the server when the block is
 * drawn, decoded with createImageBitmap and painted on a canvas, so no image URL exists and the
 * CSP's img-src stays closed. Only PNG, JPEG, GIF and WebP up to the answer's bound are drawn;
 * otherwise the block says what the image is and why it is not shown. Decoded images are kept
 * for a while (KEEP) so rows scrolling back do not ask again.
 */
import { useEffect, useRef, useState } from "react";
import type { ViewBlock } from "../../../server/src/protocol/view.js";
import type { RowHandlers } from "../components/handlers.js";
import { Icon } from "../components/Icon.js";
import { fmt } from "../format.js";

const KEEP = 24;
const decoded = new Map<string, Promise<ImageBitmap | string>>();

function decode(b64: string, mimeType: string): Promise<ImageBitmap> {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return createImageBitmap(new Blob([bytes], { type: mimeType }));
}

/** The decoded image, or why there is none (a sentence). */
function load(id: string, ask: () => Promise<{ mimeType: string; data?: string; bytes: number } | null>): Promise<ImageBitmap | string> {
  const hit = decoded.get(id);
  if (hit) return hit;
  const p = ask().then(
    async (img) => {
      if (!img) return "The image is not available: the file changed since this row was drawn.";
      if (img.data === undefined) return `Not shown: ${img.mimeType || "unknown type"}, ${fmt(Math.ceil(img.bytes / 1024))} KB (only PNG, JPEG, GIF and WebP up to 700 KB are drawn).`;
      try {
        return await decode(img.data, img.mimeType);
      } catch {
        return "Not shown: the bytes do not decode as an image.";
      }
    },
    () => "The image is not available.",
  );
  decoded.set(id, p);
  while (decoded.size > KEEP) decoded.delete(decoded.keys().next().value!);
  return p;
}

export function ImageBlock({ b, side, msgKey, handlers }: { b: Extract<ViewBlock, { type: "image" }>; side: "before" | "after"; msgKey: string; handlers: RowHandlers }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ w: number; h: number } | string | null>(null);
  const label = `image${b.mimeType ? ` · ${b.mimeType}` : ""}${b.bytes !== undefined ? ` · ${fmt(Math.ceil(b.bytes / 1024))} KB` : ""}`;
  useEffect(() => {
    if (b.ref === undefined) return setState("Not shown: the image has no bytes in the transcript.");
    let live = true;
    void load(`${side}\u0000${msgKey}\u0000${b.ref}`, () => handlers.loadImage(side, msgKey, b.ref!)).then((r) => {
      if (!live) return;
      if (typeof r === "string") return setState(r);
      setState({ w: r.width, h: r.height });
      const c = canvas.current;
      if (c) {
        c.width = r.width;
        c.height = r.height;
        c.getContext("2d")?.drawImage(r, 0, 0);
      }
    });
    return () => {
      live = false;
    };
  }, [b.ref, side, msgKey, handlers]);
  // draw again once the canvas exists (the first answer may come before it)
  useEffect(() => {
    if (!state || typeof state === "string") return;
    void decoded.get(`${side}\u0000${msgKey}\u0000${b.ref}`)?.then((r) => {
      const c = canvas.current;
      if (typeof r === "string" || !c || (c.width === r.width && c.height === r.height && c.dataset.drawn)) return;
      c.width = r.width;
      c.height = r.height;
      c.getContext("2d")?.drawImage(r, 0, 0);
      c.dataset.drawn = "1";
    });
  }, [state, side, msgKey, b.ref]);
  return (
    <figure className="image-block">
      {state && typeof state !== "string" ? <canvas ref={canvas} className="image-canvas" role="img" aria-label={`${label}, ${state.w}×${state.h} px`} data-width={state.w} data-height={state.h} /> : null}
      <figcaption>
        <Icon name="file-media" /> {label}
        {typeof state === "string" ? <span className="content-note"> {state}</span> : state === null ? <span className="content-note"> loading…</span> : null}
      </figcaption>
    </figure>
  );
}
