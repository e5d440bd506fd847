/** What other areas use of this one: a file the server answers as base64 (a PDF), saved as a download. */
export { saveBase64 } from './components/save-file.ts';
