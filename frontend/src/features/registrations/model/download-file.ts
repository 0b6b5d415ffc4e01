/**
 * Hands a file the server writes to the browser's downloads: the browser streams it to disk,
 * so an export of any size never sits in the page's memory.
 */
export function downloadFromServer(fileName: string, url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
