import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
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
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
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
