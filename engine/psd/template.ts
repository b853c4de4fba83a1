/** Wraps an imported PSD as a one-view custom template the rest of the engine renders. */
import type { CustomTemplate } from '../model/types';
import { DPI } from '../model/constants';
import type { ImportedPsd } from './import';

export function templateFromPsd(imported: ImportedPsd, opts: { photoUrl: string; viewId?: string; name?: string }): CustomTemplate {
  return {
    customTemplateId: null,
    flatList: imported.sources.map((s) => ({
      flatId: s.flatId,
      flatImageUrl: '',
      flatData: {
        img: 1,
        text: 1,
        edit: 0,
        color: '#FFFFFF',
        style: '',
        styleList: [],
        width: s.width,
        height: s.height,
        // The smart object's own pixels are its print size until the merchant says otherwise.
        flatWidth: s.width,
        flatHeight: s.height,
        customColor: 0,
        bg: 0,
        pageType: 'normal',
      },
      designList: [],
    })),
    viewList: [
      {
        viewId: opts.viewId ?? 'psd',
        viewData: {
          width: imported.width,
          height: imported.height,
          imageUrl: opts.photoUrl,
          shadingUrl: null,
          highlightUrl: null,
          layers: imported.layers,
        },
        viewLargeImageUrl: null,
        viewCoverImageUrl: null,
        partsList: [],
      },
    ],
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: opts.name ?? '',
    sectionType: null,
    templateData: { source: 'psd', dpi: DPI.default, notes: imported.notes },
    color: null,
  };
}
