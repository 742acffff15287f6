/**
 * Files dragged over the console where nothing takes them (outside an upload field, the file space, the plugin page or
 * the menu page's package drop) are refused, not handed to the browser: its own way with a dropped file is to open it
 * in the tab (a picture, a PDF) or download it (a package) — leaving the console, with whatever was being typed in a
 * dialog, for a drop that missed its field by a few pixels. Where nothing takes the files the pointer says so (no
 * drop), and a drop that comes anyway does nothing.
 *
 * On the window, so after every drop zone: a zone that takes files cancels `dragover` and `drop` itself (React's
 * handlers run on the app's root, below the window), and is left alone here.
 */
export function installFileDropGuard(target: Window = window): void {
  const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
  target.addEventListener('dragover', (e) => {
    if (e.defaultPrevented || !carriesFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
  });
  target.addEventListener('drop', (e) => {
    if (!e.defaultPrevented && carriesFiles(e)) e.preventDefault();
  });
}
