import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run shells` (scripts/shells.mjs) made into a temporary folder (SHELLS_DIR), so that a
// developer's own apps/web/android and apps/web/ios stay as they are, then read: the files
// Android Studio and Xcode build from, checked for what the shells need.

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const HOST = 'links.stod.example';
const SCHEME = 'stod';
const pkg = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
const config = JSON.parse(readFileSync(join(web, 'capacitor.config.json'), 'utf8'));
/** The plugins among the web app's dependencies (not the core, the CLI or the platforms). */
const plugins = Object.keys(pkg.dependencies).filter(
  (name) =>
    /^@capacitor(-[a-z]+)?\//.test(name) &&
    !['@capacitor/core', '@capacitor/cli', '@capacitor/android', '@capacitor/ios'].includes(name),
);

let out;
const runs = [];
const read = (path) => readFileSync(join(out, path), 'utf8');

/** Every file under `dir`, relative to it. */
const files = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

function digest(dir) {
  const hash = createHash('sha256');
  for (const file of files(dir)) hash.update(`${file}\0`).update(readFileSync(join(dir, file)));
  return hash.digest('hex');
}

beforeAll(() => {
  // The shells are made from the built web app; a fresh checkout builds it first (~15 s).
  if (!existsSync(join(web, 'dist/index.html'))) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
  }
  out = mkdtempSync(join(tmpdir(), 'stod-shells-'));
  const env = { ...process.env, SHELLS_DIR: out, SHELLS_APP_HOST: HOST };
  delete env.VITE_PRODUCT_SLUG;
  // Twice: a second run must replace the first one's projects with the same projects.
  for (let i = 0; i < 2; i++) {
    const run = spawnSync(process.execPath, ['scripts/shells.mjs'], { cwd: root, env });
    const made = run.status === 0 ? digest(join(out, 'ios')) + digest(join(out, 'android')) : '';
    runs.push({ status: run.status, output: `${String(run.stdout)}${String(run.stderr)}`, made });
  }
}, 240_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

/** A property list's XML as plain values (dict, array, string, integer, true, false). */
function plist(text) {
  const tokens = [
    ...text.slice(text.indexOf('<plist')).matchAll(/<(\/?)(\w+)[^>]*?(\/?)>|([^<]+)/g),
  ]
    .map(([, close, name, empty, chars]) =>
      chars === undefined ? { close: close === '/', name, empty: empty === '/' } : { chars },
    )
    .filter((token) => token.chars === undefined || token.chars.trim() !== '');
  let at = 1; // past <plist>
  const closing = (name) => {
    const token = tokens[at++];
    if (!token?.close || token.name !== name) throw new Error(`expected </${name}> at ${at}`);
  };
  const value = () => {
    const token = tokens[at++];
    if (token.name === 'true' || token.name === 'false') return token.name === 'true';
    if (['string', 'key', 'integer'].includes(token.name)) {
      if (token.empty) return '';
      const chars = tokens[at].chars === undefined ? '' : tokens[at++].chars;
      closing(token.name);
      const text = chars.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      return token.name === 'integer' ? Number(text) : text;
    }
    const list = [];
    while (!tokens[at].close) list.push(value());
    closing(token.name);
    if (token.name === 'array') return list;
    if (token.name !== 'dict' || list.length % 2) throw new Error(`bad <${token.name}>`);
    return Object.fromEntries(list.flatMap((_, i) => (i % 2 ? [] : [[list[i], list[i + 1]]])));
  };
  const result = value();
  closing('plist');
  return result;
}

/** Whether every element of an XML file is closed in order (comments and the prolog aside). */
function balanced(text) {
  const stack = [];
  for (const [, close, name, empty] of text
    .replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '')
    .matchAll(/<(\/?)([\w:.-]+)[^>]*?(\/?)>/g)) {
    if (empty) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

/** An InfoPlist.strings file: `"key" = "value";` lines. */
function strings(text) {
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$/.exec(line);
        if (!match) throw new Error(`not a strings line: ${line}`);
        return [match[1], match[2]];
      }),
  );
}

const manifest = () => read('android/app/src/main/AndroidManifest.xml');
const mainActivity = () =>
  /<activity[^>]*android:name="\.MainActivity"[\s\S]*?<\/activity>/.exec(manifest())?.[0] ?? '';
const infoPlist = () => plist(read('ios/App/App/Info.plist'));
const pbxproj = () => read('ios/App/App.xcodeproj/project.pbxproj');

describe('npm run shells', () => {
  it('makes both projects, and again over its own output, the same each time', () => {
    expect(
      runs.map((run) => run.status),
      runs.map((run) => run.output).join('\n'),
    ).toEqual([0, 0]);
    expect(runs[1].made).toBe(runs[0].made);
  });

  it('has every Capacitor plugin of the web app in the Android project', () => {
    expect(plugins).toEqual(
      expect.arrayContaining(['@capacitor-mlkit/barcode-scanning', '@capacitor/geolocation']),
    );
    const settings = read('android/capacitor.settings.gradle');
    const build = read('android/app/capacitor.build.gradle');
    const registered = JSON.parse(read('android/app/src/main/assets/capacitor.plugins.json'));
    for (const plugin of plugins) {
      const project = plugin.replace('@', '').replace('/', '-');
      expect(settings).toContain(`node_modules/${plugin}/android')`);
      expect(build).toContain(`implementation project(':${project}')`);
      expect(registered.map((entry) => entry.pkg)).toContain(plugin);
    }
  });

  it('has every plugin, the scanner too, as a pod of the iOS project (CocoaPods, not SPM)', () => {
    const podfile = read('ios/App/Podfile');
    const pods = new Map(
      [...podfile.matchAll(/^\s*pod '([\w-]+)', :path => '([^']+)'/gm)].map(([, name, path]) => [
        name,
        resolve(out, 'ios/App', path),
      ]),
    );
    for (const plugin of plugins) {
      const dir = join(root, 'node_modules', plugin);
      const podspec = readdirSync(dir).find((file) => file.endsWith('.podspec'));
      expect(podspec, plugin).toBeDefined();
      const name = String(podspec).replace(/\.podspec$/, '');
      expect(pods.get(name), `${plugin} as pod ${name}`).toBe(dir);
    }
    expect(pods.has('CapacitorMlkitBarcodeScanning')).toBe(true);
    const classes = JSON.parse(read('ios/App/App/capacitor.config.json')).packageClassList;
    expect(classes).toEqual(expect.arrayContaining(['BarcodeScannerPlugin', 'GeolocationPlugin']));
    expect(existsSync(join(out, 'ios/App/CapApp-SPM'))).toBe(false);
    expect(pbxproj()).not.toContain('XCLocalSwiftPackageReference');
  });

  it('asks for the location on Android, and for no camera: Google’s code scanner needs none', () => {
    expect(balanced(manifest())).toBe(true);
    const permissions = [...manifest().matchAll(/<uses-permission android:name="([\w.]+)"/g)].map(
      ([, name]) => name,
    );
    expect(permissions).toEqual(
      expect.arrayContaining([
        'android.permission.ACCESS_COARSE_LOCATION',
        'android.permission.ACCESS_FINE_LOCATION',
      ]),
    );
    expect(permissions).not.toContain('android.permission.CAMERA');
    expect(manifest()).toMatch(
      /<meta-data android:name="com.google.mlkit.vision.DEPENDENCIES" android:value="barcode_ui" \/>/,
    );
  });

  it('opens verified https links of the app’s host and its scheme on Android', () => {
    const filters = [
      ...mainActivity().matchAll(/<intent-filter([^>]*)>([\s\S]*?)<\/intent-filter>/g),
    ];
    const viewing = (body) =>
      body.includes('android.intent.action.VIEW') &&
      body.includes('android.intent.category.DEFAULT') &&
      body.includes('android.intent.category.BROWSABLE');
    const https = filters.find(([, , body]) => body.includes(`android:host="${HOST}"`));
    expect(https?.[1]).toContain('android:autoVerify="true"');
    expect(https && viewing(https[2])).toBe(true);
    expect(https?.[2]).toContain('android:scheme="https"');
    const own = filters.find(([, , body]) => body.includes(`android:scheme="${SCHEME}"`));
    expect(own && viewing(own[2])).toBe(true);
  });

  it('opens universal links of the host and the app’s scheme on iOS', () => {
    const types = infoPlist().CFBundleURLTypes;
    expect(types.flatMap((type) => type.CFBundleURLSchemes)).toContain(SCHEME);
    const entitlements = plist(read('ios/App/App/App.entitlements'));
    expect(entitlements['com.apple.developer.associated-domains']).toEqual([`applinks:${HOST}`]);
    // Push: the entitlement, and the app delegate that hands the token to the plugin.
    expect(entitlements['aps-environment']).toBe('development');
    expect(read('ios/App/App/AppDelegate.swift')).toContain(
      '.capacitorDidRegisterForRemoteNotifications',
    );
    // Both of the App target's configurations sign with the entitlements.
    const targetConfigs = pbxproj().split('INFOPLIST_FILE = App/Info.plist;');
    expect(targetConfigs).toHaveLength(3);
    for (const settings of targetConfigs.slice(0, 2))
      expect(settings.slice(settings.lastIndexOf('buildSettings'))).toContain(
        'CODE_SIGN_ENTITLEMENTS = App/App.entitlements;',
      );
  });

  it('says why it wants the camera and the location, in Faroese and English', () => {
    const info = infoPlist();
    expect(info.CFBundleDevelopmentRegion).toBe('fo');
    expect(info.CFBundleLocalizations).toEqual(['fo', 'en']);
    for (const key of ['NSCameraUsageDescription', 'NSLocationWhenInUseUsageDescription'])
      expect(info[key]).toMatch(/^Støð uses .{20,}\.$/);
    const en = strings(read('ios/App/App/en.lproj/InfoPlist.strings'));
    const fo = strings(read('ios/App/App/fo.lproj/InfoPlist.strings'));
    expect(Object.keys(fo)).toEqual(Object.keys(en));
    expect(en.NSCameraUsageDescription).toBe(info.NSCameraUsageDescription);
    expect(fo.NSCameraUsageDescription).toContain('kameraið');
    expect(fo.NSLocationWhenInUseUsageDescription).toContain('staðsetingina');
    expect(fo.NSLocationAlwaysAndWhenInUseUsageDescription).toBe(
      fo.NSLocationWhenInUseUsageDescription,
    );
    // The two files are one localised resource of the app in the Xcode project.
    const project = pbxproj();
    const group =
      /(\w{24}) \/\* InfoPlist.strings \*\/ = \{\s*isa = PBXVariantGroup;([\s\S]*?)\};/.exec(
        project,
      );
    expect(group?.[2]).toMatch(/name = InfoPlist.strings;/);
    for (const language of ['en', 'fo']) {
      const ref = new RegExp(
        `(\\w{24}) /\\* ${language} \\*/ = \\{[^}]*path = ${language}.lproj/InfoPlist.strings;`,
      ).exec(project);
      expect(group?.[2]).toContain(ref?.[1]);
    }
    const resources = /isa = PBXResourcesBuildPhase;[\s\S]*?\);/.exec(project)?.[0] ?? '';
    const built = new RegExp(
      `(\\w{24}) /\\* InfoPlist.strings in Resources \\*/ = \\{isa = PBXBuildFile; fileRef = ${group?.[1]}`,
    ).exec(project);
    expect(resources).toContain(built?.[1]);
    expect(/knownRegions = \(([^)]*)\)/.exec(project)?.[1]).toMatch(/\bfo,/);
    // Android: the app's name in both languages.
    for (const values of ['values', 'values-fo']) {
      const text = read(`android/app/src/main/res/${values}/strings.xml`);
      expect(balanced(text)).toBe(true);
      expect(text).toContain('<string name="app_name">Støð</string>');
    }
  });

  it('keeps the Xcode project whole: every object it names is defined', () => {
    const project = pbxproj().replace(/"(?:[^"\\]|\\.)*"/g, '""');
    const defined = new Set(
      [...project.matchAll(/^\t\t(\w{24}) (?:\/\*.*?\*\/ )?= \{/gm)].map(([, id]) => id),
    );
    for (const [id] of project.matchAll(/\b[0-9A-F]{24}\b/g)) expect(defined, id).toContain(id);
    const count = (char) => project.split(char).length - 1;
    expect(count('{')).toBe(count('}'));
    expect(count('(')).toBe(count(')'));
  });

  it('draws the app edge to edge on Android 15 and later, its content inside the safe area', () => {
    const target = /targetSdkVersion = (\d+)/.exec(read('android/variables.gradle'))?.[1];
    expect(Number(target)).toBeGreaterThanOrEqual(35);
    const shipped = JSON.parse(read('android/app/src/main/assets/capacitor.config.json'));
    expect(shipped.plugins.SystemBars).toEqual(config.plugins.SystemBars);
    expect(['native', 'css']).toContain(shipped.plugins.SystemBars.insetsHandling);
    const publicDir = join(out, 'android/app/src/main/assets/public');
    expect(readFileSync(join(publicDir, 'index.html'), 'utf8')).toMatch(
      /<meta\s+name="viewport"\s+content="[^"]*viewport-fit=cover/,
    );
    const css = files(publicDir)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(publicDir, file), 'utf8'))
      .join('\n');
    expect(css).toContain('env(safe-area-inset-top)');
    expect(css).toContain('env(safe-area-inset-bottom)');
    // Black status and navigation bars with light icons (spec: Android 15 or later).
    expect(shipped.plugins.SystemBars.style).toBe('DARK');
    expect(css).toMatch(/html\[data-platform=["']?android["']?\] body:{1,2}before/);
  });

  it('ships no precompressed copies of the web app', () => {
    for (const dir of ['android/app/src/main/assets', 'ios/App/App/public', config.webDir]) {
      expect(files(join(out, dir)).length, dir).toBeGreaterThan(10);
      expect(
        files(join(out, dir)).filter((file) => /\.(br|gz)$/.test(file)),
        dir,
      ).toEqual([]);
    }
  });

  it('configures only plugins that are installed, or that Capacitor itself has', () => {
    const builtIn = ['SystemBars', 'CapacitorHttp', 'CapacitorCookies'];
    const registered = JSON.parse(read('android/app/src/main/assets/capacitor.plugins.json'));
    const classes = JSON.parse(read('ios/App/App/capacitor.config.json')).packageClassList;
    for (const name of Object.keys(config.plugins)) {
      if (builtIn.includes(name)) {
        const core =
          'node_modules/@capacitor/android/capacitor/src/main/java/com/getcapacitor/plugin';
        expect(existsSync(join(root, core, `${name}.java`)), name).toBe(true);
        continue;
      }
      const plugin = `@capacitor/${name.replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`)}`;
      expect(plugins, name).toContain(plugin);
      expect(registered.map((entry) => entry.pkg)).toContain(plugin);
      expect(classes).toContain(`${name}Plugin`);
    }
    expect(Object.keys(config.plugins)).toContain('SplashScreen');
  });
});
