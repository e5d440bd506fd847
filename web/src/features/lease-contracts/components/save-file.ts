/** Hand a file to the browser as a download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file the server answered as base64 (the contract's PDF), as a download. */
export function saveBase64(fileName: string, content: string, mimeType: string): void {
  const bytes = Uint8Array.from(atob(content), (ch) => ch.charCodeAt(0));
  saveBlob(fileName, new Blob([bytes], { type: mimeType }));
}
