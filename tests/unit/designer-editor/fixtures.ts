import { createImageElement, createTextElement, type CustomTemplate, type TemplateFlat } from '../../../engine/model/index.ts';

export function flat(flatId: string, size = 800, customColor: 0 | 1 = 0): TemplateFlat {
  return {
    flatId,
    flatImageUrl: '',
    designList: [],
    flatData: {
      img: 1,
      text: 1,
      edit: 0,
      color: '#FFFFFF',
      style: '',
      styleList: [],
      width: size,
      height: size,
      flatWidth: 1500,
      flatHeight: 1500,
      customColor,
      bg: 0,
      pageType: 'normal',
    },
  };
}

export function template(id: string, flats: TemplateFlat[]): CustomTemplate {
  return {
    customTemplateId: id,
    flatList: flats,
    viewList: [],
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: '',
    sectionType: null,
    templateData: null,
    color: null,
  };
}

export const text = (flatId: string, value: string, localId: string) =>
  createTextElement({ flatId, text: value, localId, left: 100, top: 100 });
export const image = (flatId: string, localId: string) =>
  createImageElement({
    flatId,
    url: `https://cdn.example/${localId}.png`,
    originalWidth: 200,
    originalHeight: 100,
    localId,
    left: 50,
    top: 60,
  });
