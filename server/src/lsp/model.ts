/**
 * What the editor features need from one analysis, computed once per document version: where
 * tool-call ids sit (calls and results), each occurrence's fate after rendering, chain entries.
 */
import { type ScalarAt, valueAt } from "../engine/index.js";
import type { Analysis } from "../engine/index.js";
import { documentOf, locate, locateMany, pathPlace, type ColumnRange } from "../engine/index.js";
import type { Occurrence, UnpairedResult } from "../engine/index.js";
import type { ResolvedChain, UnresolvedChain } from "../engine/index.js";
import type { JsonPath, Msg } from "../engine/index.js";
import { lineOf } from "../engine/index.js";

export interface IdSite {
  id: string;
  kind: "call" | "result";
  line: number;
  path: JsonPath;
  occ?: Occurrence;
  unpaired?: UnpairedResult;
}

export interface ChainInfo {
  line: number;
  blockId: string;
  resolved?: ResolvedChain;
  unresolved?: UnresolvedChain;
}

const msgKey = (line: number, role: string, id?: string) => `${line}|${role}|${id ?? ""}`;

export class DocModel {
  private built: { sitesByLine: Map<number, IdSite[]>; sitesById: Map<string, IdSite[]>; chains: Map<number, ChainInfo>; fates: Map<string, string> } | null = null;
  private readonly rangeCache = new Map<string, ColumnRange>();
  /** Per line, the ranges of its id sites (in `sitesByLine` order). */
  private readonly siteRanges = new Map<number, ColumnRange[]>();

  /** The indexes are built on first use: publishing diagnostics after a change needs none of them. */
  constructor(readonly a: Analysis) {}

  get sitesByLine(): Map<number, IdSite[]> {
    return this.indexes().sitesByLine;
  }

  get sitesById(): Map<string, IdSite[]> {
    return this.indexes().sitesById;
  }

  get chains(): Map<number, ChainInfo> {
    return this.indexes().chains;
  }

  private get fates(): Map<string, string> {
    return this.indexes().fates;
  }

  private indexes() {
    if (!this.built) {
      this.built = { sitesByLine: new Map(), sitesById: new Map(), chains: new Map(), fates: new Map() };
      this.build(this.a);
    }
    return this.built;
  }

  private build(a: Analysis): void {
    const add = (s: IdSite) => {
      const l = this.sitesByLine.get(s.line) ?? [];
      l.push(s);
      this.sitesByLine.set(s.line, l);
      const i = this.sitesById.get(s.id) ?? [];
      i.push(s);
      this.sitesById.set(s.id, i);
    };
    type Ordered = { line: number; s: IdSite };
    const all: Ordered[] = [];
    // A site is where its id is: in a JSON document (a Gemini CLI chat `.json`) the id's own line,
    // below the first line of its message (the occurrence's line); in JSON Lines, that line.
    const doc = documentOf(a.session.lines) !== undefined;
    const at = (line: number, path: JsonPath) => (doc ? pathPlace(a.session.lines, line, path).line : line);
    for (const o of a.occurrences.occurrences) {
      if (o.callLine !== null && o.callPath) {
        const line = at(o.callLine, o.callPath);
        all.push({ line, s: { id: o.id, kind: "call", line, path: o.callPath, occ: o } });
      }
      if (o.resultLine !== null && o.resultPath) {
        const line = at(o.resultLine, o.resultPath);
        all.push({ line, s: { id: o.id, kind: "result", line, path: o.resultPath, occ: o } });
      }
    }
    for (const u of a.occurrences.unpaired)
      if (u.line !== null && u.path) {
        const line = at(u.line, u.path);
        all.push({ line, s: { id: u.id, kind: "result", line, path: u.path, unpaired: u } });
      }
    all.sort((x, y) => x.line - y.line);
    for (const x of all) add(x.s);

    for (const [m, block] of a.prune.chains.droppedBy) this.setFate(m, `dropped by chain ${block}`);
    if (a.acp) for (const [msg, by] of a.acp.droppedBy) this.setFate(msg, by.kind === "acp-block" ? `folded by acp-kernel block ${by.blockId}` : `left out by acp-kernel (${by.kind === "acp-strip-orphan" ? "strip-orphan" : "not-projected"})`);
    for (const s of a.prune.swept) this.setFate(s.msg, "swept as orphan");
    for (const d of a.wire.dropped) if (d.by.kind === "pi-ai-skipped-turn") this.setFate(d.msg, "error turn (pi-ai skips)");
    for (const r of a.wire.errorTurnResults) this.setFate(r.msg, "error turn (pi-ai skips)");

    for (const r of a.prune.chains.resolved) this.chains.set(r.chain.entry.line, { line: r.chain.entry.line, blockId: r.chain.data.blockId, resolved: r });
    for (const u of a.prune.chains.unresolved) this.chains.set(u.chain.entry.line, { line: u.chain.entry.line, blockId: u.chain.data.blockId, unresolved: u });
  }

  private setFate(m: Msg, fate: string) {
    const line = lineOf(m);
    if (line === null) return;
    const k = msgKey(line, m.role, m.role === "toolResult" ? String(m.toolCallId) : undefined);
    if (!this.fates.has(k)) this.fates.set(k, fate);
  }

  fateOfMsg(m: Msg | undefined): string | undefined {
    if (!m) return undefined;
    const line = lineOf(m);
    if (line === null) return undefined;
    return this.fates.get(msgKey(line, m.role, m.role === "toolResult" ? String(m.toolCallId) : undefined));
  }

  /** Fate of an occurrence after rendering. */
  fateOfSite(s: IdSite): string {
    if (s.unpaired) return this.fateOfMsg(s.unpaired.msg) ?? "unpaired result (live)";
    const o = s.occ!;
    const call = this.fateOfMsg(o.assistant);
    if (call) return call;
    if (!o.result) return "no result";
    return this.fateOfMsg(o.result) ?? "live";
  }

  range(line: number, path: JsonPath): ColumnRange {
    const k = `${line}:${JSON.stringify(path)}`;
    let r = this.rangeCache.get(k);
    if (!r) {
      r = locate(this.a.session.lines.at(line)!, path);
      this.rangeCache.set(k, r);
    }
    return r;
  }

  /** The id site under (line, character), if any. */
  siteAt(line: number, character: number): IdSite | undefined {
    const sites = this.sitesByLine.get(line);
    if (!sites) return undefined;
    // Every site of the line located in one scan of it (a line may hold thousands of calls).
    let ranges = this.siteRanges.get(line);
    if (!ranges) this.siteRanges.set(line, (ranges = locateMany(this.a.session.lines.at(line)!, sites.map((s) => s.path))));
    for (let i = 0; i < sites.length; i++) {
      const r = ranges[i];
      if (character >= r.start && character <= r.end && r.end > r.start) return sites[i];
    }
    return undefined;
  }

  /** Every site of an id in file order (calls and results). */
  sitesOf(id: string): IdSite[] {
    return this.sitesById.get(id) ?? [];
  }

  /** The scalar (a value or a key) and its path under (line, character): one scan of the line, no tree. */
  nodeAt(line: number, character: number): ScalarAt | undefined {
    const l = this.a.session.lines.at(line)!;
    if (!l || l.value === undefined) return undefined;
    return valueAt(l.text, character);
  }

  lineOfMsg(m: Msg | undefined): number | null {
    return m ? lineOf(m) : null;
  }
}
