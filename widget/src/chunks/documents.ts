// Chunk: what the library shows after something happened: the error widget (an API error)
// and the registration follow-up (a reload), with the documents it writes for them.
export { showErrorWidget } from '../errorWidget.js';
export { reloadWidget } from '../reloadWidget.js';
