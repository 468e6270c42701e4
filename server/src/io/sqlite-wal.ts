/**
 * SQLite's write-ahead log applied to a copy of the database file, as a checkpoint would apply it
 * (https://www.sqlite.org/fileformat2.html#walformat): the frames of committed transactions whose
 * salts and running checksum hold, each page's last committed copy, the database cut to the size
 * its last commit names. A log that is not one (wrong magic, page size or checksum) is ignored.
 */
const WAL_MAGIC = 0x377f0682;

/** The log's running checksum over `len` bytes from `off` (8 bytes at a time, in the log's byte order). */
function checksum(buf: Buffer, off: number, len: number, bigEndian: boolean, s: [number, number]): [number, number] {
  let [s0, s1] = s;
  for (let i = off; i < off + len; i += 8) {
    s0 = (s0 + (bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i)) + s1) >>> 0;
    s1 = (s1 + (bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4)) + s0) >>> 0;
  }
  return [s0, s1];
}

/** The database as of its log's last commit: the committed, checksum-valid frames applied to a copy of the file. */
export function withLogApplied(main: Buffer, wal: Buffer | undefined): Buffer {
  if (!wal || wal.length < 32) return main;
  const magic = wal.readUInt32BE(0);
  if ((magic & 0xfffffffe) >>> 0 !== WAL_MAGIC) return main;
  const bigEndian = (magic & 1) === 1;
  const pageSize = wal.readUInt32BE(8);
  // a power of two from 512 to 65536, as SQLite writes it; anything else is not a log to apply
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return main;
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== wal.readUInt32BE(24) || sum[1] !== wal.readUInt32BE(28)) return main;
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const committed = new Map<number, number>();
  let pending = new Map<number, number>();
  let pages: number | undefined;
  for (let off = 32; off + 24 + pageSize <= wal.length; off += 24 + pageSize) {
    const page = wal.readUInt32BE(off);
    const commit = wal.readUInt32BE(off + 4);
    if (page === 0 || wal.readUInt32BE(off + 8) !== salt1 || wal.readUInt32BE(off + 12) !== salt2) break;
    sum = checksum(wal, off, 8, bigEndian, sum);
    sum = checksum(wal, off + 24, pageSize, bigEndian, sum);
    if (sum[0] !== wal.readUInt32BE(off + 16) || sum[1] !== wal.readUInt32BE(off + 20)) break;
    pending.set(page, off + 24);
    if (commit !== 0) {
      for (const [p, o] of pending) committed.set(p, o);
      pending = new Map();
      pages = commit;
    }
  }
  if (pages === undefined) return main;
  // A commit frame names the database's size in pages: never more than the file's pages or the
  // highest page the log holds (a forged size would ask for gigabytes).
  let highest = Math.ceil(main.length / pageSize);
  for (const p of committed.keys()) highest = Math.max(highest, p);
  pages = Math.min(pages, highest);
  const image = Buffer.alloc(pages * pageSize);
  main.copy(image, 0, 0, Math.min(main.length, image.length));
  for (const [p, o] of committed) if (p <= pages) wal.copy(image, (p - 1) * pageSize, o, o + pageSize);
  // The copy is a database of its own now: rollback-journal mode, so SQLite looks for no log beside it.
  image[18] = 1;
  image[19] = 1;
  return image;
}

