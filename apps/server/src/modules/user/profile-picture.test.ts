import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES } from '@app/contract/constants';
import {
  bearer,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

const MESSAGES = {
  required: 'The profile picture field is required.',
  notAFile: 'The profile picture must be a file.',
  type: 'The profile picture must be a file of type: jpeg, png, gif.',
  tooLarge: 'The profile picture may not be greater than 2048 kilobytes.',
  tooManyPixels: 'The profile picture may not be larger than 40 megapixels.',
  unreadable: 'The profile picture could not be read: the image is damaged or incomplete.',
};

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

/** A multipart/form-data body, written out by hand as a browser sends it. */
function form(parts: Part[]) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(body: ReturnType<typeof form>, who: TestUser | null = user) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/profile-picture',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? bearer(who.token) : {}) },
  });
}

const picture = (data: Buffer, filename = 'me.png', type = 'image/png') =>
  form([{ name: 'profile_picture', filename, type, data }]);

/** A picture that compresses well, as a portrait usually does. */
function plain(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#7a5c3e' } });
}

/** An image of noise: it neither compresses away nor truncates harmlessly. */
function noise(width: number, height: number) {
  const data = randomBytes(width * height * 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
}

function uploadedFiles(): string[] {
  return fs.existsSync(ctx.config.uploadDir) ? fs.readdirSync(ctx.config.uploadDir).sort() : [];
}

async function storedPicture(who: TestUser = user): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('users')
    .select('profile_picture')
    .where('id', '=', who.id)
    .executeTakeFirstOrThrow();
  return row.profile_picture;
}

/** A PNG that claims (and holds, compressed to a few kilobytes) 20 000 × 20 000 black pixels. */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // 1 bit per pixel
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(side * (1 + side / 8)), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/user/profile-picture', () => {
  it('stores a PNG, a JPEG or a GIF as a WebP of at most 512×512 under a new random name', async () => {
    const images = [
      { data: await plain(1200, 800).png().toBuffer(), filename: 'me.png', type: 'image/png' },
      { data: await noise(640, 960).jpeg().toBuffer(), filename: 'me.jpg', type: 'image/jpeg' },
      { data: await noise(300, 200).gif().toBuffer(), filename: 'me.gif', type: 'image/gif' },
    ];
    const expected = [
      [512, 341],
      [341, 512],
      [300, 200],
    ];
    const names = new Set<string>();
    for (const [index, image] of images.entries()) {
      const res = await upload(picture(image.data, image.filename, image.type));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.profile_picture).toMatch(/^[0-9a-f]{32}\.webp$/);
      expect(body).toEqual({
        profile_picture: body.profile_picture,
        profile_picture_url: `/uploads/${body.profile_picture}`,
      });
      names.add(body.profile_picture);
      const stored = fs.readFileSync(path.join(ctx.config.uploadDir, body.profile_picture));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual(expected[index]);
      expect(await storedPicture()).toBe(body.profile_picture);
      // The previous picture is gone: only the new one is left, and no temporary file.
      expect(uploadedFiles()).toEqual([body.profile_picture]);
    }
    expect(names.size).toBe(3);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(user.token),
    });
    expect(me.json()).toMatchObject({
      profile_picture: [...names].at(-1),
      profile_picture_url: `/uploads/${[...names].at(-1)}`,
    });
  });

  it('strips EXIF, GPS and other metadata, and turns the picture upright first', async () => {
    const secret = 'Jane Secret, 46.2044N 6.1432E';
    const photo = await noise(300, 100)
      .jpeg()
      .withExif({ IFD0: { Artist: secret, Copyright: secret } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain('Jane Secret');
    expect(original.orientation).toBe(6);

    const res = await upload(picture(photo, 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = fs.readFileSync(path.join(ctx.config.uploadDir, res.json().profile_picture));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('Jane Secret');
    // Orientation 6 is a quarter turn: the stored picture is upright, so tall.
    expect([meta.width, meta.height]).toEqual([100, 300]);
  });

  it('judges the type by the content, never by the name or the declared type', async () => {
    const png = await noise(64, 64).png().toBuffer();
    const res = await upload(picture(png, 'notes.txt', 'text/plain'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a text file named .png, with a message for the field, and keeps the picture', async () => {
    const before = await storedPicture();
    const files = uploadedFiles();
    const res = await upload(picture(Buffer.from('just some text, not a picture\n'.repeat(20))));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.type,
      errors: { profile_picture: [MESSAGES.type] },
    });
    expect(await storedPicture()).toBe(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it('refuses other images and disguised files: WebP, SVG, a script', async () => {
    const disguised = [
      await noise(32, 32).webp().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
      Buffer.from('<?php echo "hi"; ?>'),
    ];
    for (const data of disguised) {
      const res = await upload(picture(data, 'me.png', 'image/png'));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profile_picture: [MESSAGES.type] });
    }
  });

  it('refuses a 3 MB PNG with 413 from its declared length, before reading it', async () => {
    const big = await noise(1024, 1024).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(3_000_000);
    const res = await upload(picture(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.tooLarge });
    expect(res.headers.connection).toBe('close');
  });

  it('refuses a file over 2 MB with 413 while the body is still arriving', async () => {
    const boundary = '----streamed';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const png = await noise(16, 16).png().toBuffer();
    // Within the body's limit, so only the file's own limit can stop it.
    const declared = PROFILE_PICTURE_MAX_BYTES + 60 * 1024;
    let sent = 0;
    let finished = false;
    const body = new Readable({
      read() {
        if (sent === 0) {
          this.push(Buffer.concat([head, png]));
          sent += head.length + png.length;
        } else if (sent < PROFILE_PICTURE_MAX_BYTES + 32 * 1024) {
          const chunk = randomBytes(16 * 1024);
          sent += chunk.length;
          this.push(chunk);
        }
        // …then the client goes quiet: the body never ends.
      },
    });
    body.on('end', () => (finished = true));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      payload: body,
      headers: {
        ...bearer(user.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declared),
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.tooLarge });
    expect(finished).toBe(false);
    expect(sent).toBeLessThan(declared);
  });

  it('refuses a file one byte over 2 MB, and the whole body over its limit', async () => {
    const overByOne = Buffer.concat([
      await noise(16, 16).png().toBuffer(),
      Buffer.alloc(PROFILE_PICTURE_MAX_BYTES),
    ]).subarray(0, PROFILE_PICTURE_MAX_BYTES + 1);
    const res = await upload(picture(overByOne));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MESSAGES.tooLarge });

    const padded = form([
      { name: 'note', data: 'x'.repeat(100 * 1024) },
      { name: 'profile_picture', filename: 'a.png', data: await noise(16, 16).png().toBuffer() },
      { name: 'padding', filename: 'b.bin', data: Buffer.alloc(PROFILE_PICTURE_MAX_BYTES) },
    ]);
    expect((await upload(padded)).statusCode).toBe(413);
  });

  it('refuses a body of unknown length', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      payload: Readable.from([picture(Buffer.from('x')).payload]),
      headers: {
        ...bearer(user.token),
        'content-type': 'multipart/form-data; boundary=x',
        'transfer-encoding': 'chunked',
      },
    });
    expect(res.statusCode).toBe(411);
    expect(res.json()).toEqual({ message: 'The request needs a Content-Length header.' });
  });

  it('refuses a picture of 20 000 × 20 000 pixels without decoding it', async () => {
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(PROFILE_PICTURE_MAX_BYTES);
    const memory = process.memoryUsage().rss;
    const res = await upload(picture(bomb));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.tooManyPixels,
      errors: { profile_picture: [MESSAGES.tooManyPixels] },
    });
    // Decoding it would take 400 MB at least (a byte a pixel).
    expect(process.memoryUsage().rss - memory).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a truncated image', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['gif', 'image/gif'],
    ] as const) {
      const whole = await noise(200, 200)[format]().toBuffer();
      const res = await upload(picture(whole.subarray(0, whole.length >> 1), `me.${format}`, type));
      expect(res.statusCode, format).toBe(422);
      expect(res.json(), format).toEqual({
        message: MESSAGES.unreadable,
        errors: { profile_picture: [MESSAGES.unreadable] },
      });
    }
  });

  it('says the field is required when no file comes: no body, an empty form, another field', async () => {
    const png = await noise(16, 16).png().toBuffer();
    const attempts = [
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/profile-picture',
        headers: bearer(user.token),
      }),
      upload(form([])),
      upload(form([{ name: 'caption', data: 'me' }])),
      upload(form([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: png }])),
      upload(form([{ name: 'profile_picture', filename: '', data: '' }])),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        message: MESSAGES.required,
        errors: { profile_picture: [MESSAGES.required] },
      });
    }
  });

  it('says the field must be a file when it comes as text', async () => {
    const res = await upload(
      form([{ name: 'profile_picture', data: 'data:image/png;base64,AAAA' }]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ profile_picture: [MESSAGES.notAFile] });
  });

  it('refuses JSON or any other type of body with 415, and a malformed form with 400', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      headers: bearer(user.token),
      payload: { profile_picture: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Unsupported content type.' });

    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/profile-picture',
        headers: { ...bearer(user.token), 'content-type': contentType },
        payload: 'not a form at all',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toEqual({
        message: 'The request body is not valid multipart form data.',
      });
    }
  });

  it('needs a token, and reads nothing before it has one', async () => {
    const res = await upload(picture(await noise(16, 16).png().toBuffer()), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    const big = await upload(picture(Buffer.alloc(3 * 1024 * 1024)), null);
    expect(big.statusCode).toBe(401);
  });

  it('keeps exactly one file when two uploads race', async () => {
    const racer = await createUser(ctx);
    const [a, b] = await Promise.all([
      upload(picture(await noise(40, 40).png().toBuffer()), racer),
      upload(picture(await noise(50, 50).png().toBuffer()), racer),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const kept = await storedPicture(racer);
    const names = [a.json().profile_picture, b.json().profile_picture];
    expect(names).toContain(kept);
    const loser = names.find((name) => name !== kept)!;
    expect(fs.existsSync(path.join(ctx.config.uploadDir, kept!))).toBe(true);
    expect(fs.existsSync(path.join(ctx.config.uploadDir, loser))).toBe(false);
  });
});

describe('GET /uploads/<name>', () => {
  it('serves the picture to anyone, cached for a year since a name is never reused', async () => {
    const res = await upload(picture(await noise(80, 80).png().toBuffer()));
    const url = res.json().profile_picture_url;
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(
      served.rawPayload.equals(
        fs.readFileSync(path.join(ctx.config.uploadDir, res.json().profile_picture)),
      ),
    ).toBe(true);
  });

  it('never serves a temporary file', async () => {
    fs.writeFileSync(path.join(ctx.config.uploadDir, '.abc.webp.1234.tmp'), 'partial');
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/.abc.webp.1234.tmp' });
    expect(res.statusCode).toBe(404);
    fs.rmSync(path.join(ctx.config.uploadDir, '.abc.webp.1234.tmp'));
  });
});

describe('DELETE /api/user/profile-picture', () => {
  it('deletes the file and goes back to the default avatar', async () => {
    const res = await upload(picture(await noise(80, 80).png().toBuffer()));
    const { profile_picture: name, profile_picture_url: url } = res.json();

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/profile-picture',
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      profile_picture: null,
      profile_picture_url: '/images/avatar-default.svg',
    });
    expect(await storedPicture()).toBeNull();
    expect(fs.existsSync(path.join(ctx.config.uploadDir, name))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/profile-picture',
      headers: bearer(user.token),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().profile_picture_url).toBe('/images/avatar-default.svg');
  });

  it('never deletes a file that is not one of its pictures', async () => {
    const outside = path.join(
      path.dirname(ctx.config.uploadDir),
      `keep-${randomBytes(4).toString('hex')}.webp`,
    );
    fs.writeFileSync(outside, 'keep me');
    await ctx.db
      .updateTable('users')
      .set({ profile_picture: `../${path.basename(outside)}` })
      .where('id', '=', user.id)
      .execute();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/profile-picture',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(outside)).toBe(true);
    fs.rmSync(outside);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile-picture' });
    expect(res.statusCode).toBe(401);
  });
});
