// The part of sql.js (1.17, MIT: SQLite compiled to WebAssembly) io/sqlite-file.ts, the tests and the store bench use.
declare module "sql.js" {
  export interface Statement {
    bind(values?: readonly (string | number | null)[]): boolean;
    step(): boolean;
    getAsObject(): Record<string, unknown>;
    get(): unknown[];
    run(values?: readonly (string | number | null)[]): void;
    free(): boolean;
  }
  export interface Database {
    exec(sql: string): { columns: string[]; values: unknown[][] }[];
    run(sql: string, values?: readonly (string | number | null)[]): Database;
    prepare(sql: string): Statement;
    export(): Uint8Array;
    close(): void;
  }
  export interface SqlJsStatic {
    Database: new (data?: Uint8Array | Buffer | null) => Database;
  }
  export default function initSqlJs(options?: { wasmBinary?: Uint8Array | ArrayBuffer; locateFile?: (file: string) => string }): Promise<SqlJsStatic>;
}
