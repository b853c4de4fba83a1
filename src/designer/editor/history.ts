/**
 * Undo/redo as a stack of document patches. Each entry remembers, per touched part of the
 * document, the value it had before the entry began; the value after is read when the entry is
 * undone (the document then holds exactly that). Parts are whole, structurally shared valtio
 * snapshots, so recording a change costs a reference, not a copy, however many elements a flat
 * holds.
 */

/** A part of the document an entry can restore: read its current value, put a value back. */
export interface DocPart<V = unknown> {
  read(): V;
  write(value: V): void;
}

interface Touched {
  readonly part: DocPart;
  readonly before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  readonly seq: number;
  readonly label: string;
  /** Set while later changes with the same key may join this entry (a drag, a typing burst). */
  mergeKey: string | null;
  /** Insertion order matters: undo restores in reverse, redo in order. */
  readonly touched: Map<string, Touched>;
}

export const HISTORY_LIMIT = 200;

export class History {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private open: HistoryEntry | null = null;
  private openDepth = 0;
  private seq = 0;
  /** seq of the entry on top of the undo stack when the document was last saved (0: the start). */
  private savedSeq = 0;

  constructor(private readonly limit = HISTORY_LIMIT) {}

  /**
   * Runs `fn` inside one entry. A merge key equal to the top entry's joins that entry instead
   * of starting a new one. Nested calls join the outermost entry.
   */
  record(label: string, mergeKey: string | null, fn: () => void): void {
    if (this.open !== null) {
      this.openDepth += 1;
      try {
        fn();
      } finally {
        this.openDepth -= 1;
      }
      return;
    }
    const top = this.undoStack[this.undoStack.length - 1];
    const joins = mergeKey !== null && top !== undefined && top.mergeKey === mergeKey && this.redoStack.length === 0;
    const entry: HistoryEntry = joins ? top : { seq: ++this.seq, label, mergeKey, touched: new Map() };
    this.open = entry;
    try {
      fn();
    } finally {
      this.open = null;
    }
    if (joins || entry.touched.size === 0) return;
    this.undoStack.push(entry);
    this.redoStack = [];
    if (this.undoStack.length > this.limit) this.undoStack.shift();
  }

  /** Call before changing a part: the first call within an entry keeps its value for undo. */
  touch(key: string, part: DocPart): void {
    const entry = this.open;
    if (entry === null) throw new Error('document changes must run inside History.record');
    if (!entry.touched.has(key)) entry.touched.set(key, { part, before: part.read(), after: undefined });
  }

  /** Stops the top entry from absorbing further changes with its merge key. */
  seal(): void {
    const top = this.undoStack[this.undoStack.length - 1];
    if (top) top.mergeKey = null;
  }

  canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  undo(): HistoryEntry | null {
    const entry = this.undoStack.pop();
    if (!entry) return null;
    entry.mergeKey = null;
    const list = [...entry.touched.values()];
    for (const t of list) t.after = t.part.read();
    for (let i = list.length - 1; i >= 0; i--) list[i]!.part.write(list[i]!.before);
    this.redoStack.push(entry);
    return entry;
  }

  redo(): HistoryEntry | null {
    const entry = this.redoStack.pop();
    if (!entry) return null;
    for (const t of entry.touched.values()) t.part.write(t.after);
    this.undoStack.push(entry);
    return entry;
  }

  markSaved(): void {
    this.seal();
    this.savedSeq = this.topSeq();
  }

  /** Whether the document differs from the last saved point (undoing back to it is clean). */
  isDirty(): boolean {
    return this.topSeq() !== this.savedSeq;
  }

  private topSeq(): number {
    return this.undoStack[this.undoStack.length - 1]?.seq ?? 0;
  }
}
