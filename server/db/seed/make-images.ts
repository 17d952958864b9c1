/**
 * Draws the demo catalogue's images as small SVG files under server/assets/images, one for every
 * image path the seed data references (so the two never drift), plus placeholder.svg.
 * Output is deterministic: colours come from a hash of each file's slug.
 *
 *   node --import tsx server/db/seed/make-images.ts   (npm run seed:images)
 */
import fs from 'node:fs';
import path from 'node:path';
import { astrologers, categories, products, pujas } from './catalogue-data.ts';

export const imagesRoot = path.join(import.meta.dirname, '..', '..', 'assets', 'images');
const MAX_BYTES = 4096;

/** Escapes text for SVG content and attribute values. */
export const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** FNV-1a: a stable 32-bit hash, so every run draws the same picture for the same slug. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;
const svg = (w: number, h: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">${body}</svg>\n`;
const gradient = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
const radial = (id: string, from: string, to: string) =>
  `<radialGradient id="${id}" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>`;

/** Text that fits `width`: the font shrinks for long names. */
function label(text: string, x: number, y: number, width: number, size: number, fill: string) {
  const fit = Math.min(size, r1((width / Math.max(text.length, 1)) * 1.9));
  return `<text x="${x}" y="${y}" font-family="Georgia,serif" font-size="${fit}" font-weight="bold" fill="${fill}" text-anchor="middle">${esc(text)}</text>`;
}

/** A small oil lamp with a flame, its base centred at (x, y). */
function diya(x: number, y: number, s: number, body = '#c8861e') {
  return (
    `<path d="M${r1(x - 30 * s)} ${y}q${r1(30 * s)} ${r1(26 * s)} ${r1(60 * s)} 0z" fill="${body}"/>` +
    `<path d="M${r1(x + 22 * s)} ${r1(y - 2 * s)}l${r1(14 * s)} ${r1(-6 * s)}" stroke="${body}" stroke-width="${r1(5 * s)}" stroke-linecap="round"/>` +
    `<path d="M${x} ${r1(y - 34 * s)}c${r1(9 * s)} ${r1(12 * s)} ${r1(9 * s)} ${r1(24 * s)} 0 ${r1(30 * s)}c${r1(-9 * s)} ${r1(-6 * s)} ${r1(-9 * s)} ${r1(-18 * s)} 0 ${r1(-30 * s)}z" fill="#ffd54a"/>` +
    `<path d="M${x} ${r1(y - 20 * s)}c${r1(4 * s)} ${r1(6 * s)} ${r1(4 * s)} ${r1(12 * s)} 0 ${r1(15 * s)}c${r1(-4 * s)} ${r1(-3 * s)} ${r1(-4 * s)} ${r1(-9 * s)} 0 ${r1(-15 * s)}z" fill="#fff6c8"/>`
  );
}

/** A gopuram: stacked tiers narrowing upwards, a barrel-vault crown and kalasams. */
function gopuram(cx: number, base: number, width: number, tiers: number, fill: string) {
  let out = '';
  const th = 24;
  for (let i = 0; i < tiers; i++) {
    const wb = width * (1 - i * 0.12);
    const wt = width * (1 - (i + 1) * 0.12) + 8;
    const y = base - i * th;
    out += `<path d="M${r1(cx - wb / 2)} ${y}L${r1(cx - wt / 2)} ${y - th + 4}h${r1(wt)}L${r1(cx + wb / 2)} ${y}z"/>`;
    out += `<rect x="${r1(cx - wt / 2 - 2)}" y="${y - th}" width="${r1(wt + 4)}" height="4"/>`;
  }
  const top = base - tiers * th;
  const cw = width * (1 - tiers * 0.12) + 8;
  out += `<path d="M${r1(cx - cw / 2)} ${top}q${r1(cw / 2)} -26 ${r1(cw)} 0z"/>`;
  for (const dx of [-cw / 3, 0, cw / 3]) out += `<path d="M${r1(cx + dx)} ${top - 26}l-4 10h8z"/>`;
  return `<g fill="${fill}">${out}</g><rect x="${r1(cx - 14)}" y="${base - 30}" width="28" height="30" rx="14" fill="#ffcf6b" opacity=".85"/>`;
}

function pujaImage(name: string, slug: string): string {
  const h = hash(slug);
  const hue = 14 + (h % 20);
  const sky = gradient('s', hsl(hue + 18, 95, 62), hsl(hue - 12, 70, 30));
  const sun = `<circle cx="${300 - (h % 200)}" cy="${70 + ((h >> 8) % 30)}" r="${34 + ((h >> 12) % 14)}" fill="#ffe08a" opacity=".75"/>`;
  const ground = `<rect y="238" width="400" height="62" fill="${hsl(hue - 15, 60, 18)}"/>`;
  const silhouette = hsl(hue - 15, 65, 16);
  const tiers = 5 + ((h >> 4) % 3);
  const side = (h >> 16) % 2 === 0 ? -1 : 1;
  const temple =
    gopuram(200, 240, 150, tiers, silhouette) + gopuram(200 + side * 130, 240, 80, 3, hsl(hue - 15, 55, 22));
  const band = `<rect y="250" width="400" height="50" fill="#000" opacity=".28"/>`;
  const lamps = diya(40, 232, 0.6) + diya(360, 232, 0.6);
  return svg(
    400,
    300,
    name,
    `<defs>${sky}</defs><rect width="400" height="300" fill="url(#s)"/>${sun}${ground}${temple}${lamps}${band}${label(name, 200, 282, 370, 20, '#fff3d6')}`,
  );
}

// Product motifs: each draws into a 400x300 canvas around (200, 140) in the given colour.
type Motif = (color: string, h: number, name: string) => string;

const bead: Motif = (color, h, name) => {
  const mukhi = Number(/^(\d+) Mukhi/.exec(name)?.[1] ?? 3 + (h % 5));
  let lines = '';
  for (let i = 0; i < Math.min(mukhi, 14); i++) {
    const a = (i / Math.min(mukhi, 14)) * Math.PI;
    lines += `<ellipse cx="200" cy="140" rx="${r1(Math.abs(Math.cos(a)) * 70 + 2)}" ry="74" fill="none"/>`;
  }
  return `<defs>${radial('b', hsl(25, 55, 55), color)}</defs><circle cx="200" cy="140" r="76" fill="url(#b)"/><g stroke="#2b160b" stroke-width="2" opacity=".45">${lines}</g><circle cx="200" cy="64" r="6" fill="#b22"/><path d="M200 58v-40" stroke="#b22" stroke-width="4"/>`;
};

const yantra: Motif = (color) => {
  const tri = (up: boolean, s: number) =>
    `<path d="M${200 - s} ${up ? 140 + s * 0.55 : 140 - s * 0.55}h${s * 2}L200 ${up ? 140 - s * 0.85 : 140 + s * 0.85}z"/>`;
  return (
    `<rect x="90" y="30" width="220" height="220" fill="${color}" rx="6"/>` +
    `<g fill="none" stroke="#fff3c4" stroke-width="3"><path d="M104 44h80v-8h32v8h80v80h8v32h-8v80h-80v8h-32v-8h-80v-80h-8v-32h8z"/>` +
    `<circle cx="200" cy="140" r="86"/><circle cx="200" cy="140" r="74"/>${tri(true, 62)}${tri(false, 62)}${tri(true, 40)}${tri(false, 40)}</g>` +
    `<circle cx="200" cy="140" r="5" fill="#c0152f"/>`
  );
};

const gem: Motif = (color, _h, name) =>
  /pearl/i.test(name)
    ? `<defs>${radial('g', '#ffffff', color)}</defs><circle cx="200" cy="145" r="72" fill="url(#g)"/><ellipse cx="178" cy="118" rx="18" ry="10" fill="#fff" opacity=".8"/>`
    : `<path d="M130 100l30-40h80l30 40-70 110z" fill="${color}"/>` +
      `<g fill="#fff"><path d="M160 60l-30 40h50z" opacity=".35"/><path d="M240 60l30 40h-50z" opacity=".15"/><path d="M180 100h40l-20 110z" opacity=".25"/><path d="M160 60h80l-20 40h-40z" opacity=".45"/></g>` +
      `<path d="M130 100h140" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`;

const mala: Motif = (color, h) => {
  const n = 36;
  let beads = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + Math.PI / 2;
    beads += `<circle cx="${r1(200 + Math.cos(a) * 80)}" cy="${r1(130 + Math.sin(a) * 92)}" r="8"/>`;
  }
  const tassel = hsl(h % 2 ? 350 : 30, 75, 45);
  return `<g fill="${color}" stroke="#0003">${beads}</g><circle cx="200" cy="236" r="11" fill="${color}"/><path d="M200 246l-12 40h24z" fill="${tassel}"/>`;
};

const idol: Motif = (color) =>
  `<path d="M200 32c-64 0-92 52-92 110v92h184v-92c0-58-28-110-92-110z" fill="none" stroke="${color}" stroke-width="8"/>` +
  `<g fill="${color}"><circle cx="200" cy="92" r="26"/><path d="M190 68l10-22 10 22z"/><path d="M160 128q40-18 80 0l14 70h-108z"/>` +
  `<path d="M160 132l-26 30 10 8 22-22zM240 132l26 30-10 8-22-22z"/><rect x="128" y="200" width="144" height="20" rx="4"/><rect x="112" y="222" width="176" height="16" rx="4"/></g>`;

const essentials: Motif = (color) =>
  `<ellipse cx="200" cy="232" rx="110" ry="16" fill="#0002"/>` + diya(200, 200, 2.4, color);

const book: Motif = (color) =>
  `<path d="M200 70c-40-20-80-20-120-8v160c40-12 80-12 120 8z" fill="#fff8e6"/><path d="M200 70c40-20 80-20 120-8v160c-40-12-80-12-120 8z" fill="#fdf0d0"/>` +
  `<path d="M76 58v170c44-12 84-12 124 8 40-20 80-20 124-8v-170" fill="none" stroke="${color}" stroke-width="8"/>` +
  `<g stroke="${color}" stroke-width="3" opacity=".5">${[100, 120, 140, 160, 180].map((y) => `<path d="M96 ${y}q40-8 88 6M216 ${y + 6}q48-14 88-6"/>`).join('')}</g>`;

const motifs: Record<string, { draw: Motif; colors: (h: number, name: string) => string }> = {
  Rudraksha: { draw: bead, colors: (h) => hsl(18 + (h % 14), 60, 22 + (h % 8)) },
  Yantras: {
    draw: yantra,
    colors: (h, name) => (/kuber|sri/i.test(name) ? hsl(42, 75, 42) : hsl(18 + (h % 12), 65, 40)),
  },
  Gemstones: {
    draw: gem,
    colors: (h, name) =>
      /yellow/i.test(name)
        ? '#e8b90c'
        : /pearl/i.test(name)
          ? '#d9d4c7'
          : /coral/i.test(name)
            ? '#d9432f'
            : /emerald/i.test(name)
              ? '#11905a'
              : /ruby/i.test(name)
                ? '#b0102e'
                : /hessonite/i.test(name)
                  ? '#c0661a'
                  : hsl(h % 360, 70, 45),
  },
  'Japa Malas': {
    draw: mala,
    colors: (h, name) =>
      /sphatik|crystal/i.test(name)
        ? '#e8f0f6'
        : /rudraksha/i.test(name)
          ? '#5b2e14'
          : /lotus|kamal/i.test(name)
            ? '#3d3128'
            : /sandal|chandan/i.test(name)
              ? '#c99a62'
              : hsl(35 + (h % 15), 45, 55),
  },
  'Idols & Murtis': {
    draw: idol,
    colors: (h, name) => (/panchaloha/i.test(name) ? '#8a5a2b' : hsl(40 + (h % 8), 70, 40)),
  },
  'Puja Essentials': { draw: essentials, colors: (h) => hsl(20 + (h % 25), 70, 38) },
  'Spiritual Books': { draw: book, colors: (h) => hsl(350 + (h % 40), 65, 32) },
};

function itemImage(categoryName: string, name: string, slug: string, caption?: string): string {
  const h = hash(slug);
  const motif = motifs[categoryName] ?? motifs['Puja Essentials']!;
  const bgHue = (h >> 5) % 60;
  const bg = gradient('bg', hsl(35 + bgHue, 70, 95), hsl(20 + bgHue, 60, 84));
  const footer = caption
    ? `<rect y="254" width="400" height="46" fill="${hsl(10 + (h % 20), 60, 28)}"/>${label(caption, 200, 285, 360, 24, '#fff3d6')}`
    : '';
  return svg(
    400,
    300,
    name,
    `<defs>${bg}</defs><rect width="400" height="300" fill="url(#bg)"/>${motif.draw(motif.colors(h, name), h, name)}${footer}`,
  );
}

/** Initials of the given name, skipping honorifics. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => !/^(acharya|dr\.?|pandit|pt\.?|sri|smt\.?|shri)$/i.test(w));
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((w) => w[0]!.toUpperCase()).join('');
}

function avatarImage(name: string, slug: string): string {
  const h = hash(slug);
  const hue = h % 360;
  const bg = gradient('a', hsl(hue, 60, 52), hsl(hue + 30, 65, 34));
  const stars = [0, 1, 2]
    .map(
      (i) => `<circle cx="${60 + ((h >> (i * 4)) % 180)}" cy="${40 + ((h >> (i * 3 + 8)) % 40)}" r="2.5"/>`,
    )
    .join('');
  return svg(
    300,
    300,
    name,
    `<defs>${bg}</defs><circle cx="150" cy="150" r="150" fill="url(#a)"/><g fill="#fff" opacity=".55">${stars}</g>` +
      `<path d="M60 262a90 70 0 0 1 180 0" fill="#fff" opacity=".16"/>` +
      `<text x="150" y="176" font-family="Georgia,serif" font-size="92" font-weight="bold" fill="#fff" text-anchor="middle">${esc(initials(name))}</text>`,
  );
}

function placeholderImage(): string {
  return svg(
    400,
    300,
    'Image not available',
    `<rect width="400" height="300" fill="#eeeae4"/><g fill="none" stroke="#b9b1a6" stroke-width="8" stroke-linejoin="round"><rect x="130" y="90" width="140" height="110" rx="10"/><path d="M138 190l42-46 30 30 22-20 30 36"/></g><circle cx="238" cy="122" r="12" fill="#b9b1a6"/>`,
  );
}

const slugOf = (imagePath: string) => path.posix.basename(imagePath, '.svg');

/** Every image the seed data references, relative to imagesRoot, with its SVG text. */
export function catalogueImages(): Map<string, string> {
  const out = new Map<string, string>();
  const put = (imagePath: string, text: string) => {
    const rel = imagePath.replace(/^\/images\//, '');
    if (rel === imagePath || !rel.endsWith('.svg')) throw new Error(`Unexpected image path ${imagePath}`);
    out.set(rel, text);
  };
  for (const p of pujas) put(p.image, pujaImage(p.pujaName, slugOf(p.image)));
  for (const p of products) put(p.image, itemImage(p.category, p.name, slugOf(p.image)));
  for (const c of categories) put(c.imgUrl, itemImage(c.category, c.name, slugOf(c.imgUrl), c.category));
  for (const a of astrologers) put(a.photo, avatarImage(a.name, slugOf(a.photo)));
  out.set('placeholder.svg', placeholderImage());
  return out;
}

function main() {
  const images = catalogueImages();
  for (const [rel, text] of images) {
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_BYTES) throw new Error(`${rel} is ${bytes} bytes, over ${MAX_BYTES}`);
    const file = path.join(imagesRoot, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  // Drop images a renamed catalogue entry left behind.
  for (const folder of ['pujas', 'products', 'categories', 'astrologers']) {
    const dir = path.join(imagesRoot, folder);
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (name.endsWith('.svg') && !images.has(`${folder}/${name}`)) fs.rmSync(path.join(dir, name));
    }
  }
  console.log(`Wrote ${images.size} images to ${path.relative(process.cwd(), imagesRoot)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
