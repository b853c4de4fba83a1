/** What the image component and the full-screen viewer share: one picture of a preview list, and the picture shown when one fails to load. */
export interface PreviewImage {
  src: string;
  alt: string;
}

/** A small picture of a broken image, drawn inline so it shows even when the network is down. */
export const ERROR_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f1f3f7"/>' +
    '<path d="M16 20h32v24H16z" fill="none" stroke="#a3a9b7" stroke-width="2.5" stroke-linejoin="round"/>' +
    '<path d="M19 41l9-10 7 7 4-4 6 7" fill="none" stroke="#a3a9b7" stroke-width="2.5" stroke-linejoin="round"/>' +
    '<circle cx="40" cy="27" r="3" fill="#a3a9b7"/><path d="M12 52L52 12" stroke="#d93025" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;
