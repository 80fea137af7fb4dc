// Writes the photos the tests of visit reports attach (tests/fixtures/photos/visite-1.jpg …
// visite-4.jpg) and what they hold (photos.json): 2400 × 1600 JPEG "façades" as a phone takes
// them, each with an EXIF segment written here by hand that holds an Orientation tag and the GPS
// position of Paris, so a test can check that a prepared photo is turned as shown and keeps no
// location. Each corner has a colour block of its own, so a test can tell how the pixels turned.
// Run by hand when they must change:
//   node scripts/make-photo-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { format, resolveConfig } from 'prettier';

const DIR = 'tests/fixtures/photos';
const WIDTH = 2400;
const HEIGHT = 1600;
const CORNER = 200;
const QUALITY = 75;
const MAX_BYTES = 250_000;

/** The stored image's corner blocks. */
const CORNERS = {
  topLeft: [220, 30, 30],
  topRight: [30, 170, 60],
  bottomRight: [30, 60, 210],
  bottomLeft: [240, 200, 20],
};

/** Paris, parvis de Notre-Dame: 48° 51′ 11,6″ N, 2° 20′ 58,8″ E, as EXIF rationals. */
const GPS = {
  latitudeRef: 'N',
  latitude: [
    [48, 1],
    [51, 1],
    [1160, 100],
  ],
  longitudeRef: 'E',
  longitude: [
    [2, 1],
    [20, 1],
    [5880, 100],
  ],
};

/** visite-2 is stored landscape and shown portrait (6: turn a quarter clockwise). */
const PHOTOS = [
  {
    file: 'visite-1.jpg',
    orientation: 1,
    littleEndian: true,
    sky: [120, 170, 225],
    wall: [226, 214, 190],
  },
  {
    file: 'visite-2.jpg',
    orientation: 6,
    littleEndian: false,
    sky: [170, 195, 215],
    wall: [200, 160, 120],
  },
  {
    file: 'visite-3.jpg',
    orientation: 3,
    littleEndian: true,
    sky: [250, 190, 140],
    wall: [235, 235, 228],
  },
  {
    file: 'visite-4.jpg',
    orientation: 1,
    littleEndian: false,
    sky: [95, 140, 200],
    wall: [170, 120, 95],
  },
];

/** For each corner as shown, the stored corner it comes from (EXIF 2.32, tag 0x0112). */
const SHOWN_FROM = {
  1: {
    topLeft: 'topLeft',
    topRight: 'topRight',
    bottomRight: 'bottomRight',
    bottomLeft: 'bottomLeft',
  },
  3: {
    topLeft: 'bottomRight',
    topRight: 'bottomLeft',
    bottomRight: 'topLeft',
    bottomLeft: 'topRight',
  },
  6: {
    topLeft: 'bottomLeft',
    topRight: 'topLeft',
    bottomRight: 'topRight',
    bottomLeft: 'bottomRight',
  },
  8: {
    topLeft: 'topRight',
    topRight: 'bottomRight',
    bottomRight: 'bottomLeft',
    bottomLeft: 'topLeft',
  },
};

const mix = (a, b, t) => a.map((v, k) => Math.round(v + (b[k] - v) * t));

/** A street façade: sky gradient, a sun, a building with windows and a roof, a pavement. */
function paint({ sky, wall }) {
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  // Six bays of 240 px and three floors of 260 px, whole windows only.
  const horizon = 1248;
  const roof = horizon - 3 * 260 - 20;
  const left = 480;
  const right = left + 6 * 240;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour;
      if (y >= horizon) {
        // Pavement: grey slabs with joints.
        const joint = (x + (y - horizon) * 2) % 160 < 4 || (y - horizon) % 90 < 3;
        colour = joint
          ? [95, 95, 100]
          : mix([150, 150, 155], [120, 118, 115], (y - horizon) / (HEIGHT - horizon));
      } else if (x >= left && x < right && y >= roof) {
        // Wall with a soft light from the left, windows in a grid with a frame and a sill.
        const column = (x - left) % 240;
        const row = (y - roof) % 260;
        if (column >= 60 && column < 180 && row >= 60 && row < 210) {
          const frame =
            column < 70 ||
            column >= 170 ||
            row < 70 ||
            row >= 200 ||
            (column >= 117 && column < 123);
          colour = frame ? [245, 245, 240] : mix([40, 60, 80], [120, 150, 170], (row - 70) / 130);
        } else if (column >= 50 && column < 190 && row >= 210 && row < 222) {
          colour = [180, 175, 165];
        } else {
          colour = mix(wall, mix(wall, [0, 0, 0], 0.25), (x - left) / (right - left));
        }
      } else if (x >= left - 30 && x < right + 30 && y >= roof - 90 && y < roof) {
        // Zinc roof, ribbed.
        colour = x % 48 < 6 ? [90, 100, 110] : [130, 140, 150];
      } else {
        const d = Math.hypot(x - WIDTH * 0.88, y - HEIGHT * 0.16);
        colour = d < 110 ? [255, 236, 160] : mix(sky, [235, 240, 245], y / horizon);
      }
      const i = (y * WIDTH + x) * 4;
      data[i] = colour[0];
      data[i + 1] = colour[1];
      data[i + 2] = colour[2];
      data[i + 3] = 255;
    }
  }
  const block = (x0, y0, colour) => {
    for (let y = y0; y < y0 + CORNER; y++)
      for (let x = x0; x < x0 + CORNER; x++) data.set([...colour, 255], (y * WIDTH + x) * 4);
  };
  block(0, 0, CORNERS.topLeft);
  block(WIDTH - CORNER, 0, CORNERS.topRight);
  block(WIDTH - CORNER, HEIGHT - CORNER, CORNERS.bottomRight);
  block(0, HEIGHT - CORNER, CORNERS.bottomLeft);
  return { data, width: WIDTH, height: HEIGHT };
}

/**
 * The APP1 segment: "Exif\0\0" and a TIFF structure in the byte order asked (EXIF 2.32):
 * IFD0 with Make, Orientation and the GPS IFD's offset; the GPS IFD with its version, latitude
 * and longitude.
 */
function exifSegment(orientation, littleEndian) {
  const tiff = new DataView(new ArrayBuffer(180));
  const u16 = (at, v) => tiff.setUint16(at, v, littleEndian);
  const u32 = (at, v) => tiff.setUint32(at, v, littleEndian);
  const ascii = (at, text) => [...text].forEach((c, k) => tiff.setUint8(at + k, c.charCodeAt(0)));
  const entry = (at, tag, type, count, write) => {
    u16(at, tag);
    u16(at + 2, type);
    u32(at + 4, count);
    write(at + 8);
  };
  const BYTE = 1;
  const ASCII = 2;
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  u16(0, littleEndian ? 0x4949 : 0x4d4d);
  u16(2, 42);
  u32(4, 8);
  // IFD0 at 8: 3 entries, then 0 (no next IFD); the Make text at 50, the GPS IFD at 66.
  const make = 'Chassimmo test\0';
  u16(8, 3);
  entry(10, 0x010f, ASCII, make.length, (at) => u32(at, 50));
  entry(22, 0x0112, SHORT, 1, (at) => u16(at, orientation));
  entry(34, 0x8825, LONG, 1, (at) => u32(at, 66));
  u32(46, 0);
  ascii(50, make);
  // GPS IFD at 66: 5 entries, then 0; the latitude's rationals at 132, the longitude's at 156.
  u16(66, 5);
  entry(68, 0x0000, BYTE, 4, (at) => [2, 3, 0, 0].forEach((b, k) => tiff.setUint8(at + k, b)));
  entry(80, 0x0001, ASCII, 2, (at) => ascii(at, `${GPS.latitudeRef}\0`));
  entry(92, 0x0002, RATIONAL, 3, (at) => u32(at, 132));
  entry(104, 0x0003, ASCII, 2, (at) => ascii(at, `${GPS.longitudeRef}\0`));
  entry(116, 0x0004, RATIONAL, 3, (at) => u32(at, 156));
  u32(128, 0);
  [...GPS.latitude, ...GPS.longitude].forEach(([numerator, denominator], k) => {
    u32(132 + k * 8, numerator);
    u32(136 + k * 8, denominator);
  });
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(tiff.buffer)]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The encoded file with the EXIF segment right after the encoder's JFIF APP0, as cameras do. */
function withExif(file, exif) {
  if (file[2] !== 0xff || file[3] !== 0xe0) throw new Error('APP0 JFIF attendu après SOI');
  const afterApp0 = 4 + file.readUInt16BE(4);
  return Buffer.concat([file.subarray(0, afterApp0), exif, file.subarray(afterApp0)]);
}

mkdirSync(DIR, { recursive: true });
const manifest = {};
for (const photo of PHOTOS) {
  const encoded = jpeg.encode(paint(photo), QUALITY).data;
  const file = withExif(encoded, exifSegment(photo.orientation, photo.littleEndian));
  if (file.length > MAX_BYTES) throw new Error(`${photo.file} : ${file.length} octets, trop lourd`);
  writeFileSync(path.join(DIR, photo.file), file);
  const turned = photo.orientation >= 5;
  const from = SHOWN_FROM[photo.orientation];
  manifest[photo.file] = {
    orientation: photo.orientation,
    byteOrder: photo.littleEndian ? 'II' : 'MM',
    stored: { width: WIDTH, height: HEIGHT },
    shown: turned ? { width: HEIGHT, height: WIDTH } : { width: WIDTH, height: HEIGHT },
    /** Each corner's colour as shown (the orientation applied), RGB. */
    shownCorners: Object.fromEntries(
      Object.entries(from).map(([shown, stored]) => [shown, CORNERS[stored]]),
    ),
    /** The width of each corner's square block, stored pixels. */
    cornerBlock: CORNER,
    bytes: file.length,
  };
  console.log(
    `${path.join(DIR, photo.file)}: ${file.length} octets, orientation ${photo.orientation}`,
  );
}
// Formatted as Prettier does, so `npm run lint` accepts it as written.
const manifestFile = path.join(DIR, 'photos.json');
writeFileSync(
  manifestFile,
  await format(JSON.stringify({ gps: GPS, photos: manifest }), {
    ...(await resolveConfig(manifestFile)),
    filepath: manifestFile,
  }),
);
