// What a pane writes to a file (`e` in Providers, My providers and Earnings): its rows as
// records of plain values, in CSV or JSON Lines, at a path the export dialog asks for. The
// form and its outcome are here; what each pane exports is beside its rows (providers.ts,
// my-providers.ts, earnings.ts); the file is the program's business (deps.writeExport:
// src/cli/console/export-writer.ts), which formats it as the commands' --csv does.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { countOf } from '../format/numbers.ts';
import type { StoreDeps } from './deps.ts';
import { EXPORT_FORMATS, type ExportFormat, type ExportTable, FORMAT_NAMES } from './export-table.ts';

/** What a pane offers to export: what its rows are called, the file name's stem, and its rows as shown now. */
export interface ExportSource {
  /** The rows in words, one and many: `payout`, `provider`. */
  what: string;
  stem: string;
  table(): ExportTable;
}

export interface ExportForm {
  path: string;
  format: ExportFormat;
  phase: 'editing' | 'written' | 'failed';
  message?: string;
}

export interface FileExportState {
  form: ExportForm;
  /** What the open dialog exports. */
  source?: ExportSource;
  /** Opens the form for `source` (the path and format kept from the last export). */
  open(source: ExportSource): void;
  setPath(path: string): void;
  /** The next (+1) or previous (-1) format. */
  stepFormat(delta: number): void;
  /** Writes the file; says where, or why not. */
  submit(): void;
  close(): void;
}
export type FileExportStore = StoreApi<FileExportState>;

export function createFileExportStore(deps: StoreDeps): FileExportStore {
  return createStore<FileExportState>()((set, get) => {
    const setForm = (patch: Partial<ExportForm>) => set({ form: { ...get().form, ...patch } });
    return {
      form: { path: '', format: 'csv', phase: 'editing' },
      open: (source) => set({ source, form: { ...get().form, phase: 'editing', message: undefined } }),
      setPath: (path) => setForm({ path, phase: 'editing', message: undefined }),
      stepFormat(delta) {
        const at = EXPORT_FORMATS.indexOf(get().form.format);
        const count = EXPORT_FORMATS.length;
        setForm({ format: EXPORT_FORMATS[(((at + delta) % count) + count) % count], phase: 'editing' });
      },
      submit() {
        const { source, form } = get();
        if (!source) return;
        const table = source.table();
        try {
          // An empty file helps nobody: say so instead.
          if (!table.records.length) throw new Error(`nothing to export: no ${source.what} shown`);
          if (!deps.writeExport) throw new Error('this console has nowhere to write an export');
          const path = deps.writeExport(
            { ...table, stem: source.stem, format: form.format, path: form.path.trim() },
            deps.clock.now(),
          );
          setForm({
            phase: 'written',
            message: `wrote ${countOf(table.records.length, source.what)} to ${path} (${FORMAT_NAMES[form.format]})`,
          });
        } catch (error) {
          setForm({ phase: 'failed', message: (error as Error).message });
        }
      },
      close: () => set({ source: undefined }),
    };
  });
}
