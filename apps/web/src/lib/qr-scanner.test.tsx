// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setUpTexts } from '../test/render.tsx';
import { QrViewfinder, followScannedCode, scannedPath } from './qr-scanner.tsx';

const origin = 'https://app.stod.example';

describe('scannedPath', () => {
  it('follows a coffee machine’s code and a pump’s code on the app’s own origin', () => {
    expect(scannedPath(`${origin}/abcdefghijklmnop1234`, origin)).toBe('/abcdefghijklmnop1234');
    expect(scannedPath(` ${origin}/fuel/12/3 `, origin)).toBe('/fuel/12/3');
  });

  it('refuses other sites, the API, the bare origin and plain text', () => {
    expect(scannedPath('https://example.com/abcdefghijklmnop1234', origin)).toBeNull();
    expect(scannedPath(`${origin}/api/beverages/abc`, origin)).toBeNull();
    expect(scannedPath(`${origin}/`, origin)).toBeNull();
    expect(scannedPath('KAFFI-2026', origin)).toBeNull();
  });
});

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
}

describe('QrViewfinder', () => {
  beforeAll(async () => {
    await setUpTexts(['scanner']);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('says so when the camera is refused, and asks again on "try again"', async () => {
    const getUserMedia = vi
      .fn<() => Promise<MediaStream>>()
      .mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    withCamera(getUserMedia);
    const { user } = renderWithApp(<QrViewfinder onCode={() => undefined} />);
    expect(
      await screen.findByText(
        'Appin fær ikki atgongd til kameraið. Loyv kameraið í stillingunum og royn aftur.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('scanner').dataset.state).toBe('denied');
    await user.click(screen.getByRole('button', { name: 'Royn aftur' }));
    await waitFor(() => {
      expect(getUserMedia).toHaveBeenCalledTimes(2);
    });
  });

  it('reads the code from the camera, then lets the camera go; closing lets it go too', async () => {
    const stopped: string[] = [];
    const stream = (name: string) => {
      // happy-dom's MediaStream has no tracks of its own.
      const media = new MediaStream();
      Object.defineProperty(media, 'getTracks', {
        value: () => [{ stop: () => stopped.push(name) }],
      });
      return media;
    };
    let frames = 0;
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = () => Promise.resolve(['qr_code']);
        // The code comes into view on the third frame.
        detect = () => Promise.resolve((frames += 1) >= 3 ? [{ rawValue: 'the-code' }] : []);
      },
    );
    const ready = vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      withCamera(() => Promise.resolve(stream('first')));
      const onCode = vi.fn();
      const first = renderWithApp(<QrViewfinder onCode={onCode} />);
      await waitFor(() => {
        expect(onCode).toHaveBeenCalledWith('the-code');
      });
      expect(stopped).toEqual(['first']);
      first.unmount();

      frames = -1000;
      withCamera(() => Promise.resolve(stream('second')));
      const second = renderWithApp(<QrViewfinder onCode={onCode} />);
      await waitFor(() => {
        expect(screen.getByTestId('scanner').dataset.state).toBe('scanning');
      });
      second.unmount();
      expect(stopped).toEqual(['first', 'second']);
      expect(onCode).toHaveBeenCalledTimes(1);
    } finally {
      ready.mockRestore();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('says that there is no camera, with nothing to retry', () => {
    renderWithApp(<QrViewfinder onCode={() => undefined} />);
    expect(screen.getByText('Eingin kamera er á hesum tóli.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Royn aftur' })).toBeNull();
  });
});

describe('followScannedCode', () => {
  beforeAll(async () => {
    await setUpTexts(['scanner']);
  });

  it('opens an app link and toasts anything else', async () => {
    const navigate = vi.fn();
    renderWithApp(<p>home</p>);
    act(() => {
      followScannedCode(`${window.location.origin}/abcdefghijklmnop1234`, navigate);
    });
    expect(navigate).toHaveBeenCalledWith('/abcdefghijklmnop1234');
    act(() => {
      followScannedCode('https://example.com/x', navigate);
    });
    expect(await screen.findByText('Hetta er ikki ein QR-kota frá okkum.')).toBeTruthy();
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
