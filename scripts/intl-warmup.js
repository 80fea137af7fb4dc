// A dedicated worker that the boot script (src/domain/boot-script.ts) starts at once on every
// prerendered page (issue 12). The first Intl formatter a page builds loads the browser's locale
// data (ICU), about 35 ms of main thread on this machine and several times that on a mid-range
// phone, in the middle of the app's start.
// That data is shared by the whole renderer process: loaded here, on another thread, while the
// page waits for its scripts, the page's own formatters (amounts, dates) are then built at once.
new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5);
new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' }).format(0);
close();
