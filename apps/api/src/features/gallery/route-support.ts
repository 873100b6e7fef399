import { idParamSchema } from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { galleryLinkScope } from '../../access/index.ts';
import { notFound } from '../../lib/api-error.ts';
import { hasSignature, scopedSigner, signedOrPermission, signerFor } from '../../lib/signed-urls.ts';
import { readerParam } from '../../plugins/read-counter.ts';
import { videosForReader } from '../videos/index.ts';
import { presentGallery, presentImagesWithTags } from './presenter.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

// What the gallery's route files share: the permission checks, the viewer of a request or of a signed link,
// links signed for what a caller may see, and the answers of one image and one gallery.

export const idParams = z.object({ id: idParamSchema });

/** The helpers of the gallery's routes, made once per route file from its Fastify instance. */
export function galleryRouteSupport(app: FastifyInstance) {
  const pressArea = app.requirePermission('press_area.access');
  const fileAccess = signedOrPermission(app, 'press_area.access');
  // Who may edit which gallery is the service's rule; this only turns away, before reading the body, those
  // who may edit none.
  const galleryEditor = app.requireAnyPermission('gallery.manage_all', 'gallery.write_own_company');
  const viewer = (request: { user: service.Viewer['user']; site: { id: number } }) => ({
    user: request.user,
    siteId: request.site.id,
  });

  /**
   * Signs links for the request's site to files of what `shown` holds, saying what the caller may see of it,
   * so that each link is checked again when it is fetched.
   */
  const signerShowing = (request: FastifyRequest, shown: Parameters<typeof galleryLinkScope>[1]) =>
    scopedSigner(signerFor(app, request), galleryLinkScope(viewer(request), shown));

  /**
   * Whom a file or a ZIP is served for: by a signed link (its signature checked by fileAccess), the viewer it
   * names, with what they may see now rather than when it was made; else the caller.
   */
  const fileViewer = async (request: FastifyRequest) => {
    if (!hasSignature(request)) return viewer(request);
    const named = await service.linkViewer(app, request.site.id, request.raw.url ?? request.url);
    if (!named) throw notFound();
    return named;
  };

  /** One picture as the image answers give it, with its tags, signed for the request's site. */
  const presentOneImage = async (
    request: FastifyRequest,
    found: { image: ImageRow; gallery: GalleryRow; category: CategoryRow },
  ) =>
    (
      await presentImagesWithTags(
        app,
        signerShowing(request, [found]),
        [found.image],
        request.user?.id ?? null,
        readerParam(request),
      )
    )[0];

  /** A gallery's answer: its totals, its place in the tree, its download link signed for the caller. */
  const presentOneGallery = async (
    request: FastifyRequest,
    found: { gallery: GalleryRow; category: CategoryRow },
  ) => {
    const sign = signerShowing(request, [found]);
    return presentGallery(
      sign,
      found.gallery,
      await repository.galleryTotals(app.db, found.gallery.id),
      await service.categoryPath(app, found.gallery.categoryId),
      // The press area's own: its videos are never embedded elsewhere.
      await videosForReader(
        app,
        { galleryId: found.gallery.id },
        { language: request.language, address: sign, isPublic: false },
      ),
    );
  };

  return {
    pressArea,
    fileAccess,
    galleryEditor,
    viewer,
    signerShowing,
    fileViewer,
    presentOneImage,
    presentOneGallery,
  };
}
