import { collectTransactions, EXPORT_ROW_LIMIT, type ExportOutcome, type ExportRange } from '../export/collect-transactions';
import { downloadFile } from '../export/download-file';
import { ProgressAnnouncer } from '../export/progress-announcer';
import { exportFileName, transactionsCsv } from '../export/transactions-csv';
import { markBusy } from './busy-button';
import { h, uniqueId } from './dom';
import { refusalWords, type ViewContext } from './view-context';

/** The Operations filters' fields the export reads as they stand (typed, searched or not). */
export interface ExportFields {
  readonly orderId: HTMLInputElement;
  readonly from: HTMLInputElement;
  readonly to: HTMLInputElement;
  readonly provider: HTMLSelectElement;
  readonly type: HTMLSelectElement;
  readonly status: HTMLSelectElement;
}

/**
 * Export of the merchant's operations as a CSV file: what the Operations filters select, their days
 * required. While it runs, Export is disabled and focus is on Cancel
 * (the one thing left to do); at the end focus returns to Export if it was on Cancel. The count read
 * so far is shown after every page; the polite status line says the start, the count now and then
 * (ProgressAnnouncer) and the outcome; refusals go in an alert. A view left meanwhile (another page,
 * a lapsed sign-in) ends it without a file.
 */
export function exportPanel(ctx: ViewContext, fields: ExportFields): HTMLElement {
  const { t } = ctx.tr;
  const help = h('p', { id: uniqueId('export-help'), class: 'hint' }, t.exportHelp(EXPORT_ROW_LIMIT));
  const error = h('p', { id: uniqueId('export-error'), class: 'error', role: 'alert' });
  const status = h('p', { class: 'export-status', role: 'status' });
  // Shown, not announced: the status line says the same count at a pace a screen reader can bear.
  const progress = h('p', { class: 'export-progress', 'aria-hidden': 'true' });
  const button = h('button', { type: 'button', 'aria-describedby': `${help.id} ${error.id}` }, t.exportButton);
  const cancel = h('button', { type: 'button', class: 'secondary', hidden: true }, t.exportCancel);
  let running: AbortController | undefined;
  cancel.addEventListener('click', () => running?.abort());

  const panel = h(
    'section',
    { class: 'export', 'aria-labelledby': 'export-title' },
    h('h2', { id: 'export-title' }, t.exportTitle),
    help,
    h('div', { class: 'actions' }, button, cancel),
    progress,
    status,
    error,
  );

  const refuse = (message: string, focus?: HTMLElement): void => {
    error.textContent = message;
    focus?.focus();
  };

  const finish = (outcome: ExportOutcome, range: ExportRange): void => {
    switch (outcome.kind) {
      case 'rows': {
        const name = exportFileName(ctx.merchantId, range.fromDate, range.toDate);
        downloadFile(name, transactionsCsv(outcome.rows), 'text/csv;charset=utf-8');
        status.textContent = t.exportDone(outcome.rows.length, name);
        return;
      }
      case 'too-many':
        status.textContent = '';
        refuse(t.exportTooMany(outcome.limit));
        return;
      case 'cancelled':
        status.textContent = t.exportCancelled;
        return;
      case 'failed':
        status.textContent = '';
        refuse(t.exportFailed(refusalWords(ctx, outcome.code)));
        return;
    }
  };

  button.addEventListener('click', () => {
    if (running) return;
    error.textContent = '';
    status.textContent = '';
    const fromDate = fields.from.value;
    const toDate = fields.to.value;
    if (!fromDate || !toDate) return refuse(t.exportNeedsRange, fromDate ? fields.to : fields.from);
    if (fromDate > toDate) return refuse(t.exportRangeBackwards, fields.from);
    const range: ExportRange = {
      fromDate,
      toDate,
      ...(fields.orderId.value.trim() ? { orderId: fields.orderId.value.trim() } : {}),
      ...(fields.provider.value ? { provider: fields.provider.value } : {}),
      ...(fields.type.value ? { type: fields.type.value as NonNullable<ExportRange['type']> } : {}),
      ...(fields.status.value ? { status: fields.status.value as NonNullable<ExportRange['status']> } : {}),
    };
    const controller = new AbortController();
    running = controller;
    markBusy(button, true);
    cancel.hidden = false;
    cancel.focus();
    status.textContent = t.exportStarted;
    // While it runs the status line is heard, not seen: the progress line above shows every page.
    status.classList.add('visually-hidden');
    progress.textContent = t.exportStarted;
    const announcer = new ProgressAnnouncer(() => performance.now());
    void collectTransactions(range, {
      search: (query, signal) => ctx.api.searchTransactions(query, signal),
      signal: controller.signal,
      onProgress: (read) => {
        progress.textContent = t.exportProgress(read);
        if (announcer.page()) status.textContent = t.exportProgress(read);
      },
    }).then((outcome) => {
      running = undefined;
      progress.textContent = '';
      status.classList.remove('visually-hidden');
      const onCancel = document.activeElement === cancel;
      cancel.hidden = true;
      markBusy(button, false);
      if (onCancel) button.focus();
      if (panel.isConnected) finish(outcome, range);
    });
  });
  return panel;
}
