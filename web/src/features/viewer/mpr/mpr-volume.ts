import type { VolumeHeader } from '@cardiomap/domain';
import { cache, ImageVolume, type Types, utilities } from '@cornerstonejs/core';
import { AIR_HU } from './mpr-settings.ts';

/** Used when the file names no frame of reference: all three panes only need to share one. */
const LOCAL_FRAME_OF_REFERENCE = '1.2.826.0.1.3680043.10.1508.cardiomap.local';

export interface MprVolume {
  volume: Types.IImageVolume;
  voxels: Int16Array;
}

/**
 * One Cornerstone image volume over the file's voxel array (`voxels`, filled or not yet), with the file's origin, spacing and
 * direction, so world coordinates are patient coordinates (mm, LPS). The slices are filled in later;
 * `slicesArrived` uploads just those to the GPU texture.
 *
 * Built like volumeLoader.createLocalVolume, less its min/max scan of every voxel (over a second on a
 * 500-slice volume, before the first image, for values nothing here uses: the levels come from the
 * file). Each slice still gets its cached image, a view into the voxel array, because the streaming
 * texture uploads a changed slice from that image.
 */
export function createMprVolume(volumeId: string, header: VolumeHeader, voxels = airVoxels(header)): MprVolume {
  const [columns, rows, slices] = header.dimensions;
  const frameOfReferenceUID = header.frameOfReferenceUid ?? LOCAL_FRAME_OF_REFERENCE;
  const imageIds = Array.from({ length: slices }, (_, k) => `${volumeId}_slice_${k}`);
  const pixels = columns * rows;
  imageIds.forEach((imageId, k) => {
    cacheSliceImage(imageId, voxels.subarray(k * pixels, (k + 1) * pixels), header, frameOfReferenceUID);
  });
  setSlicePlanes(imageIds, header, frameOfReferenceUID);
  const volume = new ImageVolume({
    volumeId,
    metadata: volumeMetadata(header, frameOfReferenceUID),
    dimensions: header.dimensions,
    spacing: header.spacing,
    origin: header.origin,
    direction: header.direction as Types.Mat3,
    imageIds,
    dataType: 'Int16Array',
    voxelManager: utilities.VoxelManager.createImageVolumeVoxelManager({
      dimensions: header.dimensions,
      imageIds,
      numberOfComponents: 1,
      id: volumeId,
    }),
  });
  cache.putVolumeSync(volumeId, volume);
  return { volume, voxels };
}

/** The voxel array for `header`, air until a slice arrives: the panes show black, not grey, where it is missing. */
export function airVoxels(header: Pick<VolumeHeader, 'dimensions'>): Int16Array {
  const [columns, rows, slices] = header.dimensions;
  return new Int16Array(columns * rows * slices).fill(AIR_HU);
}

/** Makes the slices not `present` air (see airVoxels), for a voxel array that started as zeros. */
export function fillAbsentWithAir(voxels: Int16Array, header: Pick<VolumeHeader, 'dimensions'>, present: Uint8Array) {
  const pixels = header.dimensions[0] * header.dimensions[1];
  for (let k = 0; k < header.dimensions[2]; k++) {
    if (!present[k]) voxels.fill(AIR_HU, k * pixels, (k + 1) * pixels);
  }
}

function volumeMetadata(header: VolumeHeader, frameOfReferenceUID: string): Types.Metadata {
  return {
    BitsAllocated: 16,
    BitsStored: 16,
    SamplesPerPixel: 1,
    HighBit: 15,
    PhotometricInterpretation: 'MONOCHROME2',
    PixelRepresentation: 1,
    Modality: 'CT',
    ImageOrientationPatient: header.direction.slice(0, 6),
    PixelSpacing: [header.spacing[1], header.spacing[0]],
    FrameOfReferenceUID: frameOfReferenceUID,
    Columns: header.dimensions[0],
    Rows: header.dimensions[1],
    voiLut: [header.levels],
    VOILUTFunction: 'LINEAR',
  };
}

function cacheSliceImage(imageId: string, scalarData: Int16Array, header: VolumeHeader, frameOfReferenceUID: string) {
  const [columns, rows] = header.dimensions;
  const voxelManager = utilities.VoxelManager.createImageVoxelManager({
    width: columns,
    height: rows,
    numberOfComponents: 1,
    scalarData,
    id: imageId,
  });
  utilities.genericMetadataProvider.add(imageId, {
    type: 'imagePixelModule',
    metadata: {
      samplesPerPixel: 1,
      photometricInterpretation: 'MONOCHROME2',
      rows,
      columns,
      bitsAllocated: 16,
      bitsStored: 16,
      highBit: 15,
      pixelRepresentation: 1,
    },
  });
  const image = {
    imageId,
    intercept: 0,
    slope: 1,
    windowCenter: header.levels.windowCenter,
    windowWidth: header.levels.windowWidth,
    color: false,
    numberOfComponents: 1,
    dataType: 'Int16Array',
    // The CT range, not a scan of the data: see createMprVolume.
    minPixelValue: -1024,
    maxPixelValue: 3071,
    rows,
    columns,
    height: rows,
    width: columns,
    columnPixelSpacing: header.spacing[0],
    rowPixelSpacing: header.spacing[1],
    FrameOfReferenceUID: frameOfReferenceUID,
    invert: false,
    getPixelData: () => voxelManager.getScalarData(),
    getCanvas: undefined,
    rgba: undefined,
    voxelManager,
    sizeInBytes: scalarData.byteLength,
  };
  cache.putImageSync(imageId, image as unknown as Types.IImage);
}

/**
 * createLocalVolume gives every slice the volume origin as its position (stack-notes): tools that map
 * a slice back to its image (annotations, reference lines) need each slice's true position.
 */
function setSlicePlanes(imageIds: string[], header: VolumeHeader, frameOfReferenceUID: string): void {
  const [columns, rows] = header.dimensions;
  const d = header.direction;
  const normal = [d[6], d[7], d[8]] as number[];
  imageIds.forEach((imageId, k) => {
    const along = k * header.spacing[2];
    utilities.genericMetadataProvider.add(imageId, {
      type: 'imagePlaneModule',
      metadata: {
        frameOfReferenceUID,
        rows,
        columns,
        imageOrientationPatient: d.slice(0, 6),
        rowCosines: d.slice(0, 3),
        columnCosines: d.slice(3, 6),
        imagePositionPatient: header.origin.map((o, axis) => o + along * (normal[axis] as number)),
        pixelSpacing: [header.spacing[1], header.spacing[0]],
        rowPixelSpacing: header.spacing[1],
        columnPixelSpacing: header.spacing[0],
        sliceThickness: header.spacing[2],
      },
    });
  });
}

/** Marks slices whose voxels changed, so the next render uploads only them to the texture. */
export function slicesArrived(volume: Types.IImageVolume, indices: Iterable<number>): void {
  const texture = volume.vtkOpenGLTexture as { setUpdatedFrame(index: number): void };
  for (const k of indices) texture.setUpdatedFrame(k);
}

/**
 * Issue 30: Cornerstone marks every frame of the texture as changed when the panes are given the
 * volume, so its first draw converts and uploads all slices (seconds for 500 in software GL) before
 * any pane shows an image. This takes back every frame but those `keep` answers true for (the axial
 * pane's middle slices) and answers the ones taken back, nearest the middle first, for the upload
 * after that draw (slicesArrived).
 */
export function holdBackFrames(volume: Types.IImageVolume, keep: (index: number) => boolean): number[] {
  const texture = volume.vtkOpenGLTexture as { getUpdatedFrames?(): (boolean | null)[] };
  const frames = texture.getUpdatedFrames?.();
  if (!frames) return [];
  const held: number[] = [];
  frames.forEach((changed, k) => {
    if (!changed || keep(k)) return;
    frames[k] = null;
    held.push(k);
  });
  const middle = Math.floor(volume.dimensions[2] / 2);
  return held.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
}

/** Drops the volume and its slice images from Cornerstone's cache, so the voxel buffer can be freed. */
export function releaseMprVolume(volumeId: string): void {
  const volume = cache.getVolume(volumeId);
  if (!volume) return;
  const imageIds = volume.imageIds;
  cache.removeVolumeLoadObject(volumeId);
  for (const imageId of imageIds) {
    if (cache.getImageLoadObject(imageId) || cache.isLoaded(imageId))
      cache.removeImageLoadObject(imageId, { force: true });
  }
}
