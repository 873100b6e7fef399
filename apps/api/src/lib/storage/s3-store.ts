import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The S3 client library, loaded by the first use of a store rather than at start-up: importing it took 0.23 s of
 * CPU and the multipart uploader 0.15 s (each measured alone), paid also by every server that keeps its files on
 * disk (decision 22).
 */
let s3Libraries: Promise<{ sdk: S3Sdk; Upload: typeof import('@aws-sdk/lib-storage').Upload }> | undefined;
function loadS3Libraries() {
  s3Libraries ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([sdk, storage]) => ({ sdk, Upload: storage.Upload }),
  );
  return s3Libraries;
}

function isNotFound(error: unknown, sdk: S3Sdk): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
}

/** Files as objects of an S3-compatible bucket: `<bucket>/<prefix><key>`. */
export function s3FileStore(options: S3StoreOptions): FileStore {
  let connection: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk['S3Client']> }> | undefined;
  const connect = () => {
    connection ??= loadS3Libraries().then(({ sdk }) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Checksums only where the protocol requires them: many S3-compatible stores do not speak the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return connection;
  };
  const { bucket, prefix } = options;
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;

  async function getObject(key: string, range?: ByteRange) {
    const { sdk, client } = await connect();
    try {
      return await client.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isNotFound(error, sdk)) throw new StoredFileMissing(key);
      throw error;
    }
  }

  return {
    description: `s3://${bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,

    async putFile(key, localPath, contentType) {
      // Multipart for large files (parts of 8 MB, four at a time): memory stays bounded whatever the size.
      const [{ client }, { Upload }] = await Promise.all([connect(), loadS3Libraries()]);
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
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },

    async stat(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error, sdk)) return null;
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
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(listPrefix = '') {
      const { sdk, client } = await connect();
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
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
