/** What a scan ended with: the code's text, or why there is none. */
export type NativeScan =
  | { kind: 'code'; text: string }
  | { kind: 'cancelled' }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

/**
 * In the native shells the system's own scanner reads the code (ML Kit through
 * @capacitor-mlkit/barcode-scanning: Google's code scanner on Android, which needs no camera
 * permission, and the camera on iOS). The plugin loads only on native.
 */
export async function scanNative(): Promise<NativeScan> {
  const { BarcodeScanner, BarcodeFormat } = await import('@capacitor-mlkit/barcode-scanning');
  const { supported } = await BarcodeScanner.isSupported();
  if (!supported) return { kind: 'unavailable' };
  const android = (
    globalThis as { Capacitor?: { getPlatform?: () => string } }
  ).Capacitor?.getPlatform?.();
  if (android === 'android') {
    const { available } = await BarcodeScanner.isGoogleBarcodeScannerModuleAvailable();
    // The module installs in the background; the user scans once it is there.
    if (!available) {
      await BarcodeScanner.installGoogleBarcodeScannerModule().catch(() => undefined);
      return { kind: 'unavailable' };
    }
  } else {
    let { camera } = await BarcodeScanner.checkPermissions();
    if (camera !== 'granted' && camera !== 'limited')
      ({ camera } = await BarcodeScanner.requestPermissions());
    if (camera !== 'granted' && camera !== 'limited') return { kind: 'denied' };
  }
  try {
    const { barcodes } = await BarcodeScanner.scan({ formats: [BarcodeFormat.QrCode] });
    const text = barcodes.find((b) => b.rawValue)?.rawValue;
    return text ? { kind: 'code', text } : { kind: 'cancelled' };
  } catch {
    // The plugin rejects when the person closes its scanner.
    return { kind: 'cancelled' };
  }
}

/** What a code is read from: a frame of the camera's video, or a photo the user chose. */
export type QrSource = HTMLVideoElement | ImageBitmap;

/** Reads QR codes in video frames and photos. */
export interface QrReader {
  read(source: QrSource): Promise<string | null>;
}

interface DetectorLike {
  detect(source: QrSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector where it reads QR codes (Chrome on Android and macOS, Safari), and
 * otherwise the `barcode-detector` polyfill on ZXing's WebAssembly, served from the app itself:
 * the scanner works offline and the CSP names no other host. Loaded when the scanner opens, never
 * in the first paint.
 */
export async function qrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  let Detector: DetectorClass | undefined;
  const formats: string[] = native ? await native.getSupportedFormats().catch(() => []) : [];
  if (native && formats.includes('qr_code')) Detector = native;
  if (!Detector) {
    const [polyfill, wasm] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    polyfill.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? wasm.default : prefix + path,
      },
    });
    Detector = polyfill.BarcodeDetector as unknown as DetectorClass;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    async read(source) {
      const found = await detector.detect(source);
      return found.find((b) => b.rawValue)?.rawValue ?? null;
    },
  };
}

/** Whether this device can show a camera to the web scanner at all. */
export function hasCamera(): boolean {
  // Only a secure page (https, or localhost) has mediaDevices at all.
  return 'mediaDevices' in navigator && 'getUserMedia' in navigator.mediaDevices;
}
