/**
 * The session library: every session under the roots (folders.ts), checked in the background
 * (check-pool.ts) with the results cached by size and modification time (cache.ts), linked across
 * files (links.ts), searchable (search-index.ts), priced (pricing.ts), and arranged as the Sessions
 * view's tree (by agent, project and day; subagents and forks under their parent). The language
 * server and the `library` command both use it.
 *
 * Order of work: the workspace's own project first, then the newest sessions. A second start with
 * the cache reads no session whose size and time did not change. Live: folders that hold sessions
 * are watched (at most MAX_WATCHED, the most recently active), and every root is listed again now
 * and then (RESCAN_MS) for new folders; a changed file is checked again.
 *
 * Every file call is asynchronous (the cache, the price file, the listing; session files are read
 * by the check, on worker threads). The language server runs this class on a thread of its own
 * (library-host.ts), so no editor request waits for it.
 */
import { type FSWatcher, promises as fsp, watch } from "node:fs";
import { basename, dirname, join } from "node:path";
import { FORMAT_PROFILES, PROVIDER_LABELS, isProviderName, isSessionFileName, maxOf } from "../engine/index.js";
import type { LibraryChildrenParams, LibraryChildrenResult, LibraryCount, LibraryNode, LibrarySearchResult, LibrarySession, LibrarySessionLinked, LibraryStatus, LibrarySummary, LibraryTokens } from "../protocol/library.js";
import { LIBRARY_MAX_CHILDREN, LIBRARY_MAX_LIST } from "../protocol/library.js";
import { INDEX_FILE, readJson, readSessionCache, writeJson, writeSessionCache } from "./cache.js";
import { CheckPool, type CheckResult } from "./check-pool.js";
import { type FoundFile, type LibraryRoot, listSessionFiles, SCAN_LIMITS } from "./folders.js";
import { linkSessions } from "./links.js";
import { type PriceTable, readPriceFileAsync, shippedPriceTable } from "./pricing.js";
import { DEFAULT_SEARCH_BUDGET_CHARS, SearchIndex } from "./search-index.js";
import { type StoreListing, listStoreSessions } from "./stores.js";
import { failedSession, zeroTokens, STORE_READ_FAILED } from "./summarize.js";

export interface LibraryOptions {
  roots: LibraryRoot[];
  /** Where the cache lives; none: nothing is cached. */
  cacheDir?: string;
  /** dist/library-worker.js; none: files are checked in this thread. */
  workerScript?: string;
  threads?: number;
  /** Checks at the lowest CPU priority (default true: the language server); the command line says false. */
  lowPriority?: boolean;
  provider?: string;
  priceFile?: string;
  searchBudgetChars?: number;
  /** The workspace's folders: sessions whose project is one of these come first. */
  workspaceFolders?: string[];
  /** Called for each session file read (tests count them). */
  onRead?: (path: string) => void;
  /** Called (throttled) when sessions were added, changed or checked. */
  onChange?: () => void;
  /** The engine build (a new one checks everything again); default: the worker script's (or this bundle's) size and time. */
  engineVersion?: string;
}

export const MAX_WATCHED = 200;
export const RESCAN_MS = 60_000;
const SAVE_MS = 2_000;
/** A growing session is checked again often: the cache (the index is large) is written at most this often then. */
const FLUSH_GAP_MS = 10_000;
const CHANGE_MS = 300;

export class Library {
  private files = new Map<string, FoundFile>();
  private sessions = new Map<string, LibrarySession>();
  private cached = new Map<string, LibrarySession>();
  private linked: Map<string, LibrarySessionLinked> | undefined;
  private pool: CheckPool;
  private searchIndex: SearchIndex;
  private priceTable: PriceTable = shippedPriceTable();
  /** Why the price file given could not be used (the table that ships is used instead). */
  priceFileError: string | undefined;
  private cacheKey = "";
  /** Resolves when the cache and the price file are read (scan() waits for it; nothing else does). */
  readonly ready: Promise<void>;
  private scanning = false;
  private watchers = new Map<string, FSWatcher>();
  private rescanTimer: NodeJS.Timeout | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  private changeTimer: NodeJS.Timeout | undefined;
  private disposed = false;
  /** Reads of session files (the checks). */
  reads = 0;
  /** Summaries or the index changed since the cache was written. */
  private dirty = false;
  private lastFlush = 0;
  /** The cache being written (one write at a time). */
  private writing: Promise<void> = Promise.resolve();
  /** Files queued since the pool was last idle (one growing session, or a run of many). */
  private runFiles = 0;
  /** The stores of the roots that hold one, as last listed (listed again when their stamp changed). */
  private storeListings = new Map<string, StoreListing>();
  /** Stores that could not be read: one entry each (path: the store), not a session. */
  private storeErrors = new Map<string, LibrarySession>();

  /** Nothing is read here: the cache and the price file are read by `ready`, which scan() waits for. */
  constructor(private readonly options: LibraryOptions) {
    this.searchIndex = new SearchIndex(options.searchBudgetChars ?? DEFAULT_SEARCH_BUDGET_CHARS);
    const summarize = { provider: options.provider, prices: this.priceTable };
    this.pool = new CheckPool(
      {
        workerScript: options.workerScript,
        threads: options.threads,
        lowPriority: options.lowPriority,
        summarize,
        priceFile: options.priceFile,
        onRead: (p) => {
          this.reads++;
          options.onRead?.(p);
        },
      },
      (r) => this.accept(r),
    );
    this.ready = this.load(summarize);
  }

  get index(): SearchIndex {
    return this.searchIndex;
  }

  get prices(): PriceTable {
    return this.priceTable;
  }

  private async load(summarize: { prices: PriceTable }): Promise<void> {
    const o = this.options;
    if (o.priceFile)
      try {
        this.priceTable = summarize.prices = await readPriceFileAsync(o.priceFile);
      } catch (e) {
        this.priceFileError = (e as Error).message;
        // the workers would fail on it the same way: they price with the table that ships
        this.pool.priceFile = undefined;
      }
    const engine = o.engineVersion ?? (await bundleStamp(o.workerScript));
    this.cacheKey = JSON.stringify({ engine, provider: o.provider ?? "auto", prices: `${this.priceTable.source}@${this.priceTable.date}:${this.priceTable.prices.size}` });
    if (!o.cacheDir || this.disposed) return;
    const [index, cached] = await Promise.all([readJson(o.cacheDir, INDEX_FILE), readSessionCache(o.cacheDir, this.cacheKey)]);
    if (this.disposed) return;
    this.searchIndex = SearchIndex.fromJSON(index, this.searchIndex.budgetChars);
    this.cached = cached;
  }

  /** Lists the roots and checks what is new or changed; resolves when the listing is done (the checks go on). */
  async scan(): Promise<void> {
    if (this.scanning || this.disposed) return;
    this.scanning = true;
    try {
      await this.ready;
      if (this.disposed) return;
      const found = new Map<string, FoundFile>();
      const dirs = new Map<string, number>();
      const storeErrors = new Map<string, LibrarySession>();
      for (const root of this.options.roots) {
        if (root.store) {
          const l = await listStoreSessions(root, SCAN_LIMITS.maxFiles, this.storeListings.get(root.path));
          this.storeListings.set(root.path, l);
          for (const f of l.files) if (!found.has(f.path)) found.set(f.path, f);
          if (l.error) storeErrors.set(l.path, { ...failedSession(l.path, l.error), ...(l.format ? { agent: l.format, agentLabel: agentLabelOf(l.format) } : {}) });
          continue;
        }
        const r = await listSessionFiles(root);
        for (const f of r.files) if (!found.has(f.path)) found.set(f.path, f);
      }
      if (this.disposed) return;
      this.storeErrors = storeErrors;
      for (const f of found.values()) if (!f.store) dirs.set(dirname(f.path), Math.max(dirs.get(dirname(f.path)) ?? 0, f.mtimeMs));
      this.files = found;
      for (const p of [...this.sessions.keys()])
        if (!found.has(p)) {
          this.sessions.delete(p);
          this.dirty = true;
        }
      this.index.retain(new Set(found.keys()));
      this.pool.retain((p) => found.has(p));
      const todo: FoundFile[] = [];
      for (const f of found.values()) {
        const have = this.sessions.get(f.path) ?? this.cached.get(f.path);
        // A store's session: its size is known once read (the document's); the store's time for it says whether it changed.
        const size = f.store && have ? have.size : f.size;
        // A store session whose read failed is read again (a moment's failure: the log changing while it was
        // read); any other error stands while the store's time for the session is unchanged, as a file's does.
        const retry = f.store !== undefined && have?.error?.startsWith(STORE_READ_FAILED) === true;
        if (have && !retry && have.size === size && have.mtimeMs === f.mtimeMs && (have.agent === "unknown" || have.error || this.index.has(f.path, size, f.mtimeMs) || this.index.stats().full)) {
          this.sessions.set(f.path, have);
          continue;
        }
        todo.push(f);
      }
      this.cached.clear();
      this.linked = undefined;
      this.runFiles += todo.length;
      this.pool.add(this.order(todo).map((f) => ({ path: f.path, archived: f.root.archived, ...(f.store ? { store: f.store } : {}) })));
      this.watchDirs(dirs);
      this.changed();
    } finally {
      this.scanning = false;
    }
  }

  /** Scans now and resolves when every file is checked. */
  async scanAndWait(): Promise<void> {
    await this.scan();
    await this.pool.idle();
    await this.index.idle();
    await this.flush();
  }

  /** Watches the folders, rescans now and then (the language server; not the CLI). */
  startWatching(): void {
    clearInterval(this.rescanTimer);
    this.rescanTimer = setInterval(() => void this.scan(), RESCAN_MS);
    this.rescanTimer.unref?.();
  }

  /** Holds the background check back for `ms` (the user is typing). */
  pause(ms = 1500): void {
    this.pool.pause(ms);
  }

  dispose(): void {
    this.disposed = true;
    this.pool.dispose();
    clearInterval(this.rescanTimer);
    clearTimeout(this.changeTimer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    void this.flush();
  }

  /** Writes the cache now (it is written a moment after the last change otherwise); resolves when written. */
  flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const dir = this.options.cacheDir;
    if (!dir || !this.dirty) return this.writing;
    if (this.index.busy) {
      // the index is still taking documents: write both when it is done
      return this.index.idle().then(() => this.flush());
    }
    this.dirty = false;
    this.lastFlush = Date.now();
    // What is written is taken now (the summaries and the index as they are); one write at a time.
    const sessions = [...this.sessions.values()];
    const index = this.index.toJSON();
    const key = this.cacheKey;
    this.writing = this.writing.then(() => Promise.all([writeSessionCache(dir, key, sessions), writeJson(dir, INDEX_FILE, index)]).then(() => undefined, () => undefined));
    return this.writing;
  }

  /** The workspace's project first, then the newest. */
  private order(files: FoundFile[]): FoundFile[] {
    const ws = (this.options.workspaceFolders ?? []).map((w) => w.replace(/[\\/]+$/, ""));
    const encoded = ws.map((w) => w.replace(/[^A-Za-z0-9]/g, "-"));
    const inWorkspace = (f: FoundFile) => f.root.origin === "workspace" || ws.some((w) => f.path.startsWith(w + "/")) || encoded.some((e) => f.path.includes(`/${e}/`) || f.path.includes(`/-${e.replace(/^-/, "")}/`) || f.path.includes(`/--${e.replace(/^-+/, "")}--/`));
    return files.slice().sort((a, b) => Number(inWorkspace(b)) - Number(inWorkspace(a)) || b.mtimeMs - a.mtimeMs);
  }

  private accept(r: CheckResult): void {
    if (this.disposed) return;
    const s = r.session;
    const found = this.files.get(s.path);
    if (!found) return;
    this.sessions.set(s.path, s);
    this.dirty = true;
    if (s.agent !== "unknown" && !s.error) this.index.set(s.path, { size: s.size, mtimeMs: s.mtimeMs, agent: s.agent, title: s.title }, r.docs);
    else this.index.remove(s.path);
    this.linked = undefined;
    this.changed();
    // The last file of a run: write the cache now (a second start finds it); one growing session
    // checked again: at most every FLUSH_GAP_MS.
    const runEnds = this.pool.pending === 0;
    const run = this.runFiles;
    if (runEnds) this.runFiles = 0;
    if (this.options.cacheDir && runEnds && (run > 1 || Date.now() - this.lastFlush > FLUSH_GAP_MS)) void this.flush();
    else if (this.options.cacheDir && !this.saveTimer) {
      this.saveTimer = setTimeout(() => void this.flush(), SAVE_MS);
      this.saveTimer.unref?.();
    }
  }

  private changed(): void {
    if (!this.options.onChange || this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = undefined;
      this.options.onChange?.();
    }, CHANGE_MS);
    this.changeTimer.unref?.();
  }

  /** Watches the folders that hold sessions, the most recently active first, at most MAX_WATCHED. */
  private watchDirs(dirs: Map<string, number>): void {
    if (!this.rescanTimer) return;
    const wanted = new Set([...dirs].sort((a, b) => b[1] - a[1]).slice(0, MAX_WATCHED).map(([d]) => d));
    for (const r of this.options.roots) if (wanted.size < MAX_WATCHED + this.options.roots.length) wanted.add(r.path);
    for (const [d, w] of this.watchers)
      if (!wanted.has(d)) {
        w.close();
        this.watchers.delete(d);
      }
    for (const d of wanted) {
      if (this.watchers.has(d)) continue;
      try {
        const w = watch(d, { persistent: false }, (_event, name) => {
          if (name && !isSessionFileName(String(name)) && String(name).includes(".")) return;
          this.soon();
        });
        w.on("error", () => {
          w.close();
          this.watchers.delete(d);
        });
        this.watchers.set(d, w);
      } catch {}
    }
  }

  private soonTimer: NodeJS.Timeout | undefined;
  /** A watched folder changed: list again shortly (appends to a growing session come in bursts). */
  private soon(): void {
    if (this.soonTimer) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      void this.scan();
    }, 500);
    this.soonTimer.unref?.();
  }

  // ---------------------------------------------------------------------------------------------
  // What the view and the command line read

  /** Every session file checked so far, linked, and the stores that could not be read (each one entry with its error). */
  all(): Map<string, LibrarySessionLinked> {
    return (this.linked ??= linkSessions([...this.sessions.values(), ...this.storeErrors.values()].filter((s) => s.agent !== "unknown" || s.error)));
  }

  get pending(): number {
    return this.pool.pending;
  }

  /** Files checked (or taken from the cache) of the files found. */
  progress(): { done: number; total: number } {
    return { done: this.sessions.size, total: this.files.size };
  }

  /** The counts and the headline, without linking (one pass over the sessions): sent on every change. */
  status(): LibraryStatus {
    let sessions = 0;
    let rejected = 0;
    let withErrors = 0;
    const by = new Map<string, LibraryCount>();
    for (const s of this.sessions.values()) {
      if (s.error || s.agent === "unknown") continue;
      sessions++;
      if (s.errors > 0) withErrors++;
      if (!s.rejects) continue;
      rejected++;
      const key = s.target ?? "unknown";
      const e = by.get(key);
      if (e) e.sessions++;
      else by.set(key, { key, label: s.targetLabel ?? key, sessions: 1 });
    }
    const rb = [...by.values()].sort((a, b) => b.sessions - a.sessions || a.label.localeCompare(b.label));
    return { sessions, checked: this.sessions.size, read: this.reads, pending: this.pool.pending, scanning: this.scanning, paused: this.pool.paused, rejected, withErrors, headline: headline(sessions, rejected, rb, this.pool.pending) };
  }

  /**
   * Every count, by agent, day and model. `bounded` (the language server): the days, models and
   * models without a price listed at most LIBRARY_MAX_LIST each (the newest days, the models
   * with the most sessions), the rest counted in `omitted`.
   */
  summary(options: { bounded?: boolean } = {}): LibrarySummary {
    const all = [...this.all().values()];
    const sessions = all.filter((s) => !s.error);
    const tokens = zeroTokens();
    let cost = 0;
    const unpriced = new Set<string>();
    const rejectedBy = new Map<string, LibraryCount>();
    const byAgent = new Map<string, LibraryCount>();
    const byDay = new Map<string, LibraryCount>();
    const byModel = new Map<string, LibraryCount>();
    const add = (m: Map<string, LibraryCount>, key: string, label: string, c?: number, t?: LibraryTokens) => {
      let e = m.get(key);
      if (!e) m.set(key, (e = { key, label, sessions: 0 }));
      e.sessions++;
      if (c !== undefined) e.cost = (e.cost ?? 0) + c;
      if (t) {
        e.tokens ??= zeroTokens();
        addTokens(e.tokens, t);
      }
    };
    let rejected = 0;
    let compactions = 0;
    let subagents = 0;
    let linkIssues = 0;
    for (const s of sessions) {
      addTokens(tokens, s.tokens);
      cost += s.cost ?? 0;
      for (const m of s.unpriced) unpriced.add(m);
      if (s.rejects) {
        rejected++;
        add(rejectedBy, s.target ?? "unknown", s.targetLabel ?? s.target ?? "unknown");
      }
      add(byAgent, s.agent, s.agentLabel, s.cost, s.tokens);
      add(byDay, dayOf(s), dayOf(s), s.cost, s.tokens);
      for (const m of s.models) add(byModel, m.model, m.model, m.cost ?? m.recordedCost, m.tokens);
      compactions += s.compactions.length;
      if (s.parent?.kind === "subagent") subagents++;
      linkIssues += s.linkIssues.length;
    }
    const notSessions = [...this.sessions.values()].filter((s) => s.agent === "unknown" && !s.error).length;
    const search = this.index.stats();
    const byCount = (m: Map<string, LibraryCount>) => [...m.values()].sort((a, b) => b.sessions - a.sessions || a.label.localeCompare(b.label));
    const rb = byCount(rejectedBy);
    const max = options.bounded ? LIBRARY_MAX_LIST : Infinity;
    const days = [...byDay.values()].sort((a, b) => (a.key < b.key ? 1 : -1));
    const models = byCount(byModel);
    const unpricedList = [...unpriced].sort();
    const omitted = { days: Math.max(0, days.length - max), models: Math.max(0, models.length - max), unpriced: Math.max(0, unpricedList.length - max) };
    return {
      sessions: sessions.length,
      checked: this.sessions.size,
      read: this.reads,
      pending: this.pool.pending,
      scanning: this.scanning,
      paused: this.pool.paused,
      rejected,
      rejectedBy: rb,
      withErrors: sessions.filter((s) => s.errors > 0).length,
      withWarnings: sessions.filter((s) => s.warnings > 0).length,
      notSessions,
      unreadable: all.length - sessions.length,
      tokens,
      cost,
      unpriced: unpricedList.slice(0, max),
      byAgent: byCount(byAgent),
      byDay: days.slice(0, max),
      byModel: models.slice(0, max),
      compactions,
      subagents,
      linkIssues,
      ...(omitted.days || omitted.models || omitted.unpriced ? { omitted } : {}),
      headline: headline(sessions.length, rejected, rb, this.pool.pending),
      priceTable: { date: this.prices.date, source: this.prices.source, models: this.prices.prices.size },
      search: { documents: search.documents, sessions: search.sessions, chars: search.chars, budgetChars: search.budgetChars, full: search.full, indexing: this.index.busy },
    };
  }

  search(query: string, limit = 50): LibrarySearchResult {
    const r = this.index.search(query, limit);
    const hits = r.hits.map((h) => {
      const store = this.sessions.get(h.path)?.store;
      return store ? { ...h, store } : h;
    });
    return { ...r, hits, notIndexed: this.index.stats().notIndexed };
  }

  /** A node's children in the Sessions view: agents, then projects (the workspace's first), days, sessions, children. */
  children(p: LibraryChildrenParams): LibraryChildrenResult {
    const all = this.all();
    const filter = p.filter?.trim().toLowerCase();
    const matches = (s: LibrarySessionLinked) =>
      (!p.problemsOnly || s.rejects || s.errors > 0 || s.linkIssues.length > 0) &&
      (!filter || [s.title, s.project, s.path, s.agentLabel, s.targetLabel ?? "", s.sessionId ?? ""].some((x) => x.toLowerCase().includes(filter)));
    // Top-level sessions: not a child of a session the library has.
    const tops = [...all.values()].filter((s) => !s.parentPath && !s.error);
    const visible = (s: LibrarySessionLinked): boolean => matches(s) || s.children.some((c) => visible(all.get(c)!));
    const shown = tops.filter(visible);
    const ws = (this.options.workspaceFolders ?? []).map((w) => w.replace(/[\\/]+$/, ""));
    const isWs = (project: string) => ws.some((w) => project === w || project.startsWith(w + "/"));
    const group = <K>(list: LibrarySessionLinked[], key: (s: LibrarySessionLinked) => K) => {
      const m = new Map<K, LibrarySessionLinked[]>();
      for (const s of list) {
        const k = key(s);
        const g = m.get(k);
        if (g) g.push(s);
        else m.set(k, [s]);
      }
      return m;
    };
    const counts = (list: LibrarySessionLinked[]) => ({ count: list.length, rejected: list.filter((s) => s.rejects).length, errors: list.filter((s) => s.errors > 0).length });
    const sessionNode = (s: LibrarySessionLinked): LibraryNode => ({ id: `session:${s.path}`, kind: "session", label: s.title, session: viewSession(s), hasChildren: s.children.some((c) => visible(all.get(c)!)) });
    const bounded = (nodes: LibraryNode[]): LibraryChildrenResult => ({ nodes: nodes.slice(0, LIBRARY_MAX_CHILDREN), more: Math.max(0, nodes.length - LIBRARY_MAX_CHILDREN) });
    const newest = (a: LibrarySessionLinked, b: LibrarySessionLinked) => (b.lastAt ?? b.mtimeMs) - (a.lastAt ?? a.mtimeMs);
    const id = p.id ?? "";
    if (!id) {
      const nodes: LibraryNode[] = [];
      const failing = shown.filter((s) => s.rejects).length + [...all.values()].filter((s) => s.parentPath && s.rejects && matches(s)).length;
      if (failing) nodes.push({ id: "failing", kind: "failing", label: "Would be rejected", count: failing, rejected: failing, hasChildren: true });
      const byAgent = group(shown, (s) => s.agent);
      for (const [agent, list] of [...byAgent].sort((a, b) => a[1][0].agentLabel.localeCompare(b[1][0].agentLabel)))
        nodes.push({ id: `agent:${agent}`, kind: "agent", label: list[0].agentLabel, ...counts(list), hasChildren: true });
      return bounded(nodes);
    }
    if (id === "failing") {
      const list = [...all.values()].filter((s) => s.rejects && matches(s)).sort(newest);
      return bounded(list.map((s) => ({ ...sessionNode(s), id: `failing-session:${s.path}`, hasChildren: false })));
    }
    const [kind, ...rest] = id.split(":");
    const arg = rest.join(":");
    if (kind === "agent") {
      const list = shown.filter((s) => s.agent === arg);
      const byProject = group(list, (s) => s.project);
      const nodes = [...byProject].map(([project, l]) => ({ project, l, last: maxOf(l.map((s) => s.lastAt ?? s.mtimeMs)) }));
      nodes.sort((a, b) => Number(isWs(b.project)) - Number(isWs(a.project)) || b.last - a.last);
      return bounded(nodes.map(({ project, l }) => ({ id: `project:${arg}\u0000${project}`, kind: "project", label: project, ...counts(l), ...(isWs(project) ? { workspace: true } : {}), hasChildren: true })));
    }
    if (kind === "project") {
      const [agent, project] = arg.split("\u0000");
      const list = shown.filter((s) => s.agent === agent && s.project === project);
      const byDay = group(list, dayOf);
      return bounded([...byDay].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, l]) => ({ id: `day:${agent}\u0000${project}\u0000${day}`, kind: "day", label: day, ...counts(l), hasChildren: true })));
    }
    if (kind === "day") {
      const [agent, project, day] = arg.split("\u0000");
      const list = shown.filter((s) => s.agent === agent && s.project === project && dayOf(s) === day).sort(newest);
      return bounded(list.map(sessionNode));
    }
    if (kind === "session") {
      const s = all.get(arg);
      if (!s) return { nodes: [], more: 0 };
      const kids = s.children.map((c) => all.get(c)!).filter(visible);
      kids.sort((a, b) => (a.startedAt ?? a.mtimeMs) - (b.startedAt ?? b.mtimeMs));
      return bounded(kids.map(sessionNode));
    }
    return { nodes: [], more: 0 };
  }

  /** The session of a path, linked. */
  session(path: string): LibrarySessionLinked | undefined {
    return this.all().get(path);
  }
}

/** The size and time of the bundle that checks (the worker script, else the running one): a rebuilt engine checks every session again. */
async function bundleStamp(workerScript: string | undefined): Promise<string> {
  const f = workerScript ?? require.main?.filename ?? process.argv[1];
  try {
    const st = await fsp.stat(f);
    return `${basename(f)}:${st.size}:${st.mtimeMs}`;
  } catch {
    return "unknown";
  }
}

/** Where the cache lives unless told: the user's cache folder (the command line and the language server share it). */
export function defaultCacheDir(home: string, env: Record<string, string | undefined> = process.env, platform: string = process.platform): string {
  if (platform === "win32") return join(env.LOCALAPPDATA ?? join(home, "AppData", "Local"), "transcript-inspector", "library");
  if (platform === "darwin") return join(home, "Library", "Caches", "transcript-inspector", "library");
  return join(env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith("/") ? env.XDG_CACHE_HOME : join(home, ".cache"), "transcript-inspector", "library");
}

/** Entries of each list a session node of the view carries; characters of each text. */
export const VIEW_LIST = 20;
export const VIEW_TEXT = 500;

/**
 * A session as a node of the Sessions view carries it: its lists cut to VIEW_LIST entries (the
 * calls that ran subagents and the in-file sidechains to none: the view shows their count) and its
 * texts to VIEW_TEXT characters, with what was left out counted in `omitted`. A node's size is
 * bounded whatever the file holds.
 */
export function viewSession(s: LibrarySessionLinked): LibrarySessionLinked {
  const cut = (t: string | undefined) => (t !== undefined && t.length > VIEW_TEXT ? `${t.slice(0, VIEW_TEXT)}…` : t);
  const few = <T>(list: T[]) => (list.length > VIEW_LIST ? list.slice(0, VIEW_LIST) : list);
  const omitted = {
    spawns: s.spawns.length,
    compactions: Math.max(0, s.compactions.length - VIEW_LIST),
    linkIssues: Math.max(0, s.linkIssues.length - VIEW_LIST),
    children: Math.max(0, s.children.length - VIEW_LIST),
    models: Math.max(0, s.models.length - VIEW_LIST),
    sidechains: s.sidechains.length,
  };
  return {
    ...s,
    project: cut(s.project)!,
    title: cut(s.title)!,
    ...(s.sessionId !== undefined ? { sessionId: cut(s.sessionId) } : {}),
    ...(s.note !== undefined ? { note: cut(s.note) } : {}),
    ...(s.error !== undefined ? { error: cut(s.error) } : {}),
    ...(s.firstError ? { firstError: { ...s.firstError, message: cut(s.firstError.message)! } } : {}),
    ...(s.rejection ? { rejection: { ...s.rejection, text: cut(s.rejection.text)! } } : {}),
    ...(s.parent ? { parent: { ...s.parent, path: cut(s.parent.path), sessionId: cut(s.parent.sessionId), callId: cut(s.parent.callId), agentId: cut(s.parent.agentId), agentType: cut(s.parent.agentType), description: cut(s.parent.description) } } : {}),
    models: few(s.models).map((m) => ({ ...m, model: cut(m.model)! })),
    unpriced: few(s.unpriced).map((m) => cut(m)!),
    compactions: few(s.compactions).map((c) => ({ ...c, trigger: cut(c.trigger) })),
    linkIssues: few(s.linkIssues).map((i) => ({ ...i, message: cut(i.message)! })),
    children: few(s.children),
    spawns: [],
    sidechains: [],
    omitted,
  };
}

function addTokens(into: LibraryTokens, t: LibraryTokens): void {
  into.input += t.input;
  into.output += t.output;
  into.cacheRead += t.cacheRead;
  into.cacheWrite += t.cacheWrite;
  into.reasoning += t.reasoning;
}

/** The local day a session started (else was last changed): YYYY-MM-DD. */
export function dayOf(s: LibrarySession): string {
  const d = new Date(s.startedAt ?? s.mtimeMs);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function headline(sessions: number, rejected: number, by: LibraryCount[], pending: number): string {
  const n = (k: number, w: string) => `${k.toLocaleString("en-US")} ${w}${k === 1 ? "" : "s"}`;
  let s = n(sessions, "session");
  if (rejected === 0) s += ", none would be rejected";
  else if (by.length === 1) s += `, ${rejected.toLocaleString("en-US")} would be rejected by ${by[0].label}`;
  else s += `, ${rejected.toLocaleString("en-US")} would be rejected (${by.map((b) => `${b.label} ${b.sessions}`).join(", ")})`;
  if (pending) s += ` (${pending.toLocaleString("en-US")} still to check)`;
  return s;
}

/** An agent's label ("OpenCode") or its name. */
function agentLabelOf(format: string): string {
  return FORMAT_PROFILES.find((p) => p.name === format)?.label ?? format;
}

/** A provider's label ("Anthropic") or the name itself. */
export function providerLabel(name: string | undefined): string | undefined {
  return name && isProviderName(name) ? PROVIDER_LABELS[name] : name;
}

