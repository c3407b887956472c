/**
 * Hands a file to the browser as a download (an export, a PDF, a receipt for the printer). The
 * object URL is released a little later, once the browser has started reading it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
