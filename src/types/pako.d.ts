/** The part of pako 1.0 (a zlib port in JavaScript, CommonJS: one default export) the tab uses: raw inflate, synchronous. */
declare module 'pako' {
  const pako: { inflateRaw(data: Uint8Array): Uint8Array };
  export default pako;
}
