// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../test/api.ts';
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
    const { user } = renderWithApp(
      <QrViewfinder onCode={() => undefined} onPath={() => undefined} />,
    );
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
      const first = renderWithApp(<QrViewfinder onCode={onCode} onPath={() => undefined} />);
      await waitFor(() => {
        expect(onCode).toHaveBeenCalledWith('the-code');
      });
      expect(stopped).toEqual(['first']);
      first.unmount();

      frames = -1000;
      withCamera(() => Promise.resolve(stream('second')));
      const second = renderWithApp(<QrViewfinder onCode={onCode} onPath={() => undefined} />);
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

  it('says that there is no camera, with nothing to retry and no frame to hold a code in', () => {
    renderWithApp(<QrViewfinder onCode={() => undefined} onPath={() => undefined} />);
    expect(screen.getByText('Eingin kamera er á hesum tóli.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Royn aftur' })).toBeNull();
    expect(screen.queryByText(/inni í ramanum/)).toBeNull();
    // The ways on without a camera: the code under the QR code, or a photo of it.
    expect(screen.getByLabelText('Kotan undir QR-kotuni')).toBeTruthy();
    expect(screen.getByLabelText('Vel eina mynd av QR-kotuni')).toBeTruthy();
  });

  it('takes the typed code to the drink it names, and says a wrong one in the customer’s words', async () => {
    const sent = mockApi({
      'GET /beverages/codes/K7M4QX': { body: { hash: 'abcdefghijklmnop1234' } },
      'GET /beverages/codes/AAAAAA': apiError(
        404,
        'FILL_CODE_UNKNOWN',
        'Kotan er ókend ella útgingin. Kanna hana á skíggjanum á maskinuni og royn aftur.',
      ),
    });
    const onPath = vi.fn();
    const onCode = vi.fn();
    const { user } = renderWithApp(<QrViewfinder onCode={onCode} onPath={onPath} />);
    const field = screen.getByLabelText('Kotan undir QR-kotuni');
    await user.type(field, 'k7m');
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    expect(screen.getByText('Kotan hevur seks tekin, t.d. K7M 4QX.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, 'aaa aaa');
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    expect(
      await screen.findByText(
        'Kotan er ókend ella útgingin. Kanna hana á skíggjanum á maskinuni og royn aftur.',
      ),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'k7m-4qx');
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    await waitFor(() => expect(onPath).toHaveBeenCalledWith('/abcdefghijklmnop1234'));
    // A whole link of ours, pasted, goes as its QR code would.
    await user.clear(field);
    await user.type(field, `${window.location.origin}/fuel/12/3`);
    await user.click(screen.getByRole('button', { name: 'Halt fram' }));
    expect(onCode).toHaveBeenCalledWith(`${window.location.origin}/fuel/12/3`);
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
