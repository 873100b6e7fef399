import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, checkedKey, type FileStore, StoredFileMissing } from './file-store.ts';

export interface S3StoreOptions {
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Where `withLocalFile` puts its temporary downloads. */
  temporaryDirectory: string;
}

/**
 * The bytes of `range` out of a body that holds more than them: some S3-compatible servers answer a range with
 * the whole object (200), or with more than was asked (s3rver answers `bytes=0-0` from 0 to the end). `start`
 * is where the body begins in the object.
 */
function onlyRange(body: Readable, bodyStart: number, range: ByteRange): Readable {
  let skip = range.start - bodyStart;
  let left = range.end - range.start + 1;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left === 0) return done();
      let part = chunk;
      if (skip > 0) {
        const skipped = Math.min(skip, part.length);
        part = part.subarray(skipped);
        skip -= skipped;
      }
      if (left > 0 && part.length > 0) {
        const kept = part.subarray(0, left);
        left -= kept.length;
        this.push(kept);
      }
      if (left === 0) {
        // Everything asked for is here: the rest of the object is not read.
        this.push(null);
        body.destroy();
      }
      done();
    },
  });
  body.on('error', (error) => cut.destroy(error));
  return body.pipe(cut);
}

/** Where an answer's body starts and ends in the object, from its Content-Range; null for a whole object. */
function servedRange(contentRange: string | undefined): ByteRange | null {
  const match = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]) } : null;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
}

/** Files as objects of an S3-compatible bucket: `<bucket>/<prefix><key>`. */
export function s3FileStore(options: S3StoreOptions): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where the protocol requires them: many S3-compatible stores do not speak the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = options;
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;

  async function getObject(key: string, range?: ByteRange) {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissing(key);
      throw error;
    }
  }

  return {
    client,
    description: `s3://${bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,

    async putFile(key, localPath, contentType) {
      // Multipart for large files (parts of 8 MB, four at a time): memory stays bounded whatever the size.
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          ContentType: contentType,
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
      });
      await upload.done();
      await rm(localPath, { force: true });
    },

    async putBytes(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }),
      );
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      const object = await getObject(key, range);
      const body = object.Body;
      if (!body) throw new StoredFileMissing(key);
      const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
      if (!range) return stream;
      const served = servedRange(object.ContentRange);
      if (served && served.start === range.start && served.end === range.end) return stream;
      return onlyRange(stream, served?.start ?? 0, range);
    },

    async withLocalFile(key, work) {
      await mkdir(options.temporaryDirectory, { recursive: true });
      const directory = await mkdtemp(path.join(options.temporaryDirectory, 'download-'));
      const localPath = path.join(directory, path.basename(checkedKey(key)));
      try {
        const object = await getObject(key);
        if (!object.Body) throw new StoredFileMissing(key);
        await pipeline(object.Body as Readable, createWriteStream(localPath));
        return await work(localPath);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(listPrefix = '') {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${listPrefix}`,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
