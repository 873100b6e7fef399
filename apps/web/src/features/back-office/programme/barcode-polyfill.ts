import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The Barcode Detection API for browsers without it (Safari on iPhone, Firefox, Chromium on Linux), loaded only
// by the door's scanner. Its reader is WebAssembly served by our own origin (precached for the halls' networks),
// never the library's default CDN, which the CSP refuses and a failing network would not reach.
prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? readerWasm : `${prefix}${file}`),
  },
});

export { BarcodeDetector };
