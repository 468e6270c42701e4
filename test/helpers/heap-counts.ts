/**
 * What the heap holds, counted (never timed, never in bytes): a heap snapshot of this process
 * (V8 collects the garbage before it takes one), reduced to how many JavaScript objects, separate
 * property stores (the `PropertyArray` an object gets when a property is added after it was made)
 * and strings are alive. Two counts around building something that is kept alive tell how many of
 * each it holds; the counts are exact, the noise is the little the test runner does meanwhile.
 */
import { getHeapSnapshot } from "node:v8";

export interface HeapCounts {
  objects: number;
  propertyStores: number;
  strings: number;
}

export async function heapCounts(): Promise<HeapCounts> {
  const chunks: Buffer[] = [];
  for await (const c of getHeapSnapshot()) chunks.push(c as Buffer);
  const s = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const meta = s.snapshot.meta;
  const width = meta.node_fields.length;
  const types = meta.node_types[0];
  const typeAt = meta.node_fields.indexOf("type");
  const nameAt = meta.node_fields.indexOf("name");
  const out: HeapCounts = { objects: 0, propertyStores: 0, strings: 0 };
  for (let i = 0; i < s.nodes.length; i += width) {
    const t = types[s.nodes[i + typeAt]];
    if (t === "object") out.objects++;
    else if (t === "string" || t === "sliced string" || t === "concatenated string") out.strings++;
    else if (t === "hidden" && s.strings[s.nodes[i + nameAt]] === "system / PropertyArray") out.propertyStores++;
  }
  return out;
}

/** What building `make()`'s result added to the heap, with the result kept alive while it is counted. */
export async function heapAdded<T>(make: () => T | Promise<T>): Promise<{ added: HeapCounts; value: T }> {
  const before = await heapCounts();
  const value = await make();
  const after = await heapCounts();
  return { added: { objects: after.objects - before.objects, propertyStores: after.propertyStores - before.propertyStores, strings: after.strings - before.strings }, value };
}
