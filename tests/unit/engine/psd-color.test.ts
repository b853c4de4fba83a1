import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { readPsdBytes } from '../../../engine/psd/read';
import {
  colorTransform,
  convertRaster,
  documentColorContext,
  embeddedColor,
  embeddedProfile,
  evalCurve,
  jpegIcc,
  parseIccProfile,
  psdColorResources,
  readIccProfile,
  sameProfile,
  SRGB,
  toDocumentColor,
  type IccProfile,
} from '../../../engine/psd/color';

const ORACLE = path.resolve('../shared/oracle/psd');
const GS = '/usr/share/color/icc/ghostscript';

function need(file: string, what: string): Uint8Array {
  if (!existsSync(file))
    throw new Error(
      `${what} not found at ${file}; the colour tests need it (oracle: ../shared/oracle/psd beside the repo; ghostscript profiles: the ghostscript or libgs-common package)`,
    );
  return new Uint8Array(readFileSync(file));
}
const oracle = (rel: string): Uint8Array => need(path.join(ORACLE, rel), `Photoshop oracle file ${rel}`);
const gsProfile = (name: string): IccProfile => {
  const p = parseIccProfile(need(path.join(GS, name), `ghostscript profile ${name}`));
  if (!p) throw new Error(`${name} did not parse`);
  return p;
};
const linkedFile = (psd: Uint8Array, i = 0): Uint8Array => {
  const data = readPsdBytes(psd).linkedFiles?.[i]?.data;
  if (!data) throw new Error('no embedded file in the PSD');
  return data;
};
const must = <T>(v: T | null | undefined, what: string): T => {
  if (v == null) throw new Error(`missing ${what}`);
  return v;
};

/** Photoshop's own profiles, as the oracle documents carry them. */
const psAdobeRgb = () =>
  must(documentColorContext(oracle('aspose_smart_test/smart_Test.psd')).documentProfile, 'smart_Test document profile');
const psSrgb = () =>
  must(parseIccProfile(must(jpegIcc(linkedFile(oracle('aspose_smart_test/smart_Test.psd'))), 'JPEG ICC')), 'JPEG profile');
/** A v4 sRGB with parametric (type 4) curves, from the PSB inside Clipping_Blending.psd. */
const v4Srgb = () =>
  must(
    parseIccProfile(must(psdColorResources(linkedFile(oracle('aspose_clipping_blending/Clipping_Blending.psd'))).icc, 'PSB ICC')),
    'PSB profile',
  );

/** A minimal v2 matrix/TRC profile (or any tags given), for cases no shipped profile covers. */
function writeProfile(opts: {
  matrix?: readonly number[];
  curve?: Uint8Array;
  space?: string;
  extra?: [string, Uint8Array][];
}): Uint8Array {
  const s15 = (v: number) => Math.round(v * 65536);
  const xyz = (x: number, y: number, z: number) => {
    const b = new Uint8Array(20);
    const v = new DataView(b.buffer);
    b.set([0x58, 0x59, 0x5a, 0x20]);
    v.setInt32(8, s15(x));
    v.setInt32(12, s15(y));
    v.setInt32(16, s15(z));
    return b;
  };
  const tags: [string, Uint8Array][] = [['wtpt', xyz(0.9642, 1, 0.8249)]];
  const m = opts.matrix;
  if (m) tags.push(['rXYZ', xyz(m[0]!, m[3]!, m[6]!)], ['gXYZ', xyz(m[1]!, m[4]!, m[7]!)], ['bXYZ', xyz(m[2]!, m[5]!, m[8]!)]);
  if (opts.curve) {
    if (opts.space === 'GRAY') tags.push(['kTRC', opts.curve]);
    else tags.push(['rTRC', opts.curve], ['gTRC', opts.curve], ['bTRC', opts.curve]);
  }
  const desc = new Uint8Array(12 + 5 + 4 + 2 + 1 + 67);
  desc.set([0x64, 0x65, 0x73, 0x63]);
  new DataView(desc.buffer).setUint32(8, 5);
  desc.set([0x74, 0x65, 0x73, 0x74, 0], 12); // 'test'
  tags.push(['desc', desc], ...(opts.extra ?? []));
  let off = 128 + 4 + tags.length * 12;
  const offs: number[] = [];
  for (const [, d] of tags) {
    offs.push(off);
    off += (d.length + 3) & ~3;
  }
  const out = new Uint8Array(off);
  const v = new DataView(out.buffer);
  v.setUint32(0, off);
  out.set([2, 0x10], 8);
  const space = (opts.space ?? 'RGB').padEnd(4, ' ');
  out.set(
    [...'mntr', ...space, ...'XYZ '].map((c) => c.charCodeAt(0)),
    12,
  );
  out.set([0x61, 0x63, 0x73, 0x70], 36); // 'acsp'
  v.setInt32(68, s15(0.9642));
  v.setInt32(72, s15(1));
  v.setInt32(76, s15(0.8249));
  v.setUint32(128, tags.length);
  tags.forEach(([name, d], i) => {
    for (let k = 0; k < 4; k++) out[132 + i * 12 + k] = name.charCodeAt(k);
    v.setUint32(136 + i * 12, offs[i]!);
    v.setUint32(140 + i * 12, d.length);
    out.set(d, offs[i]!);
  });
  return out;
}
function para(fn: number, params: number[]): Uint8Array {
  const p = new Uint8Array(12 + params.length * 4);
  const v = new DataView(p.buffer);
  p.set([0x70, 0x61, 0x72, 0x61]);
  v.setUint16(8, fn);
  params.forEach((x, i) => v.setInt32(12 + i * 4, Math.round(x * 65536)));
  return p;
}
function curv(entries: number[]): Uint8Array {
  const p = new Uint8Array(12 + entries.length * 2);
  const v = new DataView(p.buffer);
  p.set([0x63, 0x75, 0x72, 0x76]);
  v.setUint32(8, entries.length);
  entries.forEach((x, i) => v.setUint16(12 + i * 2, x));
  return p;
}
/** Adobe RGB colorants with an sRGB-shaped curve whose black sits at Y 0.02: a profile with a non-zero black point. */
function liftedBlackProfile(): Uint8Array {
  const k = Math.pow(0.98, 1 / 2.4);
  return writeProfile({
    matrix: psAdobeRgb().matrix,
    curve: para(4, [2.4, k / 1.055, (k * 0.055) / 1.055, 0.98 / 12.92, 0.04045, 0.02, 0.02]),
  });
}

/** Deterministic colours: an LCG, with a quarter of them made dark in one channel. */
function colours(n: number, seed: number): Uint8Array {
  const px = new Uint8Array(n * 3);
  let s = seed >>> 0;
  for (let i = 0; i < px.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    px[i] = s >>> 24;
  }
  for (let i = 0; i < n / 4; i++) px[i * 3 + (i % 3)]! &= 15;
  return px;
}
const raster = (rgb: Uint8Array | number[]) => {
  const n = rgb.length / 3;
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    data.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255 - (i % 7)], i * 4);
  }
  return { width: n, height: 1, data };
};
const rgbOf = (data: Uint8ClampedArray) => Array.from(data).filter((_, i) => i % 4 !== 3);
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
};

/**
 * ImageMagick 6.9.11 Q16 (LittleCMS 2) on colours(300, seed), computed once with
 *   convert in.ppm -profile SRC [-black-point-compensation] -profile DST out.ppm
 * (8-bit PPM in and out, no -depth: IM's -depth 8 truncates rather than rounds), stored as hex RGB.
 * SRC/DST files: the oracle's profiles written out as they are, the ghostscript ones, and
 * liftedBlackProfile() for the black point compensation cases.
 */
const IMAGEMAGICK: Record<string, string> = {
  psSrgbToAdobe:
    '549535a71191c99b2915123324167acce13580e2e87d002b4b741c2d4edfd416e98fe03761ab985a0d3c6b17137dddb5c20677712c0a2e4c82d71083' +
    '50741f2d4927a3163e8dee3921331117095865b12a61a9338d0eec9ed2327ddcf71f1378d7b62c141b271716db1e180e1622c3bb11f92c3a0e89f2fd' +
    '980f1737231673cc399f0d86371a1774cd82370e5db2bc2d73cb417c0a5ac2d93670c5dc4106df222a0f5da3c5310fb34740191117257115167cd134' +
    '1e31c3360cc971c63085e974d014453454194f8c6a810ea8d590226abc41a400303c160a375dc3920ec69056189df1f182e57bc294352029e65c832a' +
    '61ab567ac494c80c7f7acd31daf5b1d1b07f648d9acc6e5fa1dd492d2093898d296e84e1c4b134a8cdaa9afb4b9aa4867c06ec6f51f6460d2f181595' +
    '760af4f4f4ee1a1c84d5dd37908b8e7a61782f531b9c2b7fd46145aee07790f0691f0ec88cbf5ef1ccbeb67183cf15435e803aa21e42d4abd6ebd4d9' +
    '31099791bf99b417263f5a18f3dfeec39e577c9dd9a085bb6324be8eec46589a292d2039cb43674c6e5ccfc9f876c14050807c9c1c1b7dc9a8921bb2' +
    '881f5b9997b3e4e9406cc03f7e5a2a37466d5489b7993d6889f39db31723ccd1e978939978b65263aed9ac6570325548d2b86fc43468b550b49b9e48' +
    'bd888f7c5c6bdc55f6b3c8d0f9f64ed4eb4b456c55d34d36b1978fa5597da0fdd6d0ae2c0d0b468ba96e223363a8dfc2886df673c090d36bcfacfbc2' +
    '1f2abe98dde076ca8da78ec9a62aefbd64f25932c285e269c29ee5723db4a42d256eb078654296641e9299ede86e753688a95d86b5d1870dadb33960' +
    '2b49b097c67fd56bdd7461eb686caa791c27af5c363e3d586886965a2b6693f495a2dd3687cc493a51ed715eb8a4d85f8f94474126556c497590e135' +
    '6f4fe34d802b8dc3492e2e0fb9df9087e9e0bfe2dd636689e3c16d5ba03d659b823b68beb22abd92cda984cba49cf7d643006adce28dd682526251ed' +
    '7ed23b61a19f8abbba386081877c37c9c35ea253cb64aed4ab63b496f75986c665cf96ded1df3ddfd091db37f5d427cb73a083bce5dc856ce9b1cba9' +
    'a57cb0b217d66337758cf53ee6dc8281a1806d1e7ed7ae3ca1c388312a65583a584952ca181c21c7ad42cb202e9fe8ea5fa0845926a8526562b37cae' +
    '6317d578c4ef2c0ae0c2b5a071c768a50e2c681025de5cf1d058fb436d7ab679388cc4bfeaf5498bf03972c999d423d13a3e92cb4c554b7e692e3858',
  adobeToPsSrgb:
    '0059abd1006b796c000065fece02ae0043000083009e01f9fd3e0000392eff03ddf4a40000aa9c98064fff320000289e98028500e80000e777cb00ff' +
    '45e2000018ff49047000b90000e9008505b481d300007c4c3a00e180a3000064ef1b006500b7000094e623019ec001000059b80e012300fd00009efe' +
    '31061100e10000e500a801c8aedf0000244959018a00640000b5e13200e6c96300008a00e7003752830000e2ed6c07ff008900004fdaff0080ff3000' +
    '004c8cff01d100d400004e469900a5ff8400002a54000523ffcc000001f9ff0077534c0000ac008f0125008600ff30bf00cb759edb1e00b1b5190e57' +
    '00aa409766e2f9a9c500c0c59cba5faa737aae6328004f9951b3526daf896d342100e2f99804f97353d986321acfad9500df7c00d49ff5fae6dc5d4c' +
    'f97e8d308adf007d1600d9a2fe64b70041d3680294008331ff87eb00ffb8fb890000f1d18ee200cf0f97a4c000ff8aa4a9002200d5aa4317c5005bfd' +
    'a5d8f38a1200004e779f688000fe250097906ba8653f027f4a5d4900bfb753050f44112200c7000072c26b0e982036a600f699ff03fe0065088c4054' +
    'f60d60a64fff45766b60a5bdcda536ff6a00ed8661ff65db99760072e8b9d0213cff03e8c7142c0073e200b800ff68f100de006eb546d5d4ec9d4f7d' +
    'ff3523ff9d5a7b6788699d56ac6d60cbf0a8170627c5ed3e7c9863f1edc1d1dc32942c24ff66859e65f800a8ed00d4750061a3cf8768b89f006a070b' +
    '3951c000478d00a16700d6dbff4799ff3227919839ff38ae764fb400f30000ef70006a5c00b9ff00e0d0c5d4b300850f00a3deb78ddd00cf7700e6de' +
    '9624f700f0aa00fa8fe1c6e449567700b00bd2d777e421c2c7b8af49ae79007c6cff8396ff3bb800f30000bb00d7b219b7dbe7787b6400644ab7f800' +
    '00e982ff738be6be85d234351a4e70ff102d00e9f8a5a73e8f00cde02bb500cb00ff963579376100bda5009de96934bc00b1d2ff7aed7a4ca7da3984' +
    '0071b19f361f005a4c00ef00674983ff35d9f0b24dbe030205f20000f761edde008673e0ff1fc75b2800f98b0a8d976cff9fd694ef8893038cff090b' +
    '12946eb614c6c58300c5ec18370105eb95004be8700076ed641cafc6f00000e07300b400ae819882a812d041aefdc60000f8a7a7cbf400c80000ce3a' +
    '546380f8f991ee07b4873556416efc37f97cfa2dff3f61b28e7143002ae9ff6878f60f6400d00000efc9c486e5ff4e69b17392e554a2724de71a29ce',
  gsSrgbToRomm:
    '11141d66282e1c2b1377a9b34e20bb7793321318156229a754230f2a2366a943aa4e511b5f898c64294c584b1c46626c2c166c548a2e476862411c56' +
    '99531e98e3cd8a388340662251854489371684dd4a34396a933aae69612195dad61a1035a1a538331a8726143f8ceb4e597d8d2f143aaab43d5b40e7' +
    '6c2b1d65882da5ecf86a2be85a8e313e69274e2091622910587f7f8b3851adde4b27383a391a72a7ce4510150f53222e75bb3e5176775624d7737e2b' +
    '36543e8536b179c9435a98395624e8a4a4376db64e512185b1461c45409dbd4ba359742786e3583a186b729e3663626e7899735d2c3e553662caa285' +
    '6b8a468e39259f541e749978606929432c5cb453ae5131b3646f6a9b4e677cca518f481c5753b498c7f6715f24ccaa9684a739314137b0e19c6f9532' +
    '89e44f8c3cafe4debf84bc4c5036bf7c382199ae3cacceeacba6814c250f6f33c1ead8ccad45b8504e53622973080705a0782e67792c847d9379c946' +
    '5d924a5e5e59817db5cf7ee99c41839580bb9e9feb977e3d6d84c157763f646a2b2c1812a95897a16f2ea764315a96358061a7491ec72f13756c60de' +
    '1c1148562337963b9eb68048e0e76fa485aa676c265375408fe68c79a7577b6a7c6b6d313b63254e30c98d39bb9e74805924c42429299959265f269c' +
    '8fd4b981c65bb1772c685fd186ce85cfe8525896328a7c62577c3d3f65227aa2a95d9649b8bdb46e3163271955d0bd4b764f3a3a3a3588bc6c2f204d' +
    '706ca0b9aa455c61404f27d23252301f0f4a8f39a7b58ce6230f5db9a06ab8a9c3b44c3a974550638d30699f73b08a34bc9059bb6acb928745ac8a53' +
    'b1472b6f31c4be86484f2cbc2d322f613f2cac5bb32c171990d5bc5a33738735382d1f1975953cc0905a81366a406c26b14a75a4c3729d7831271433' +
    '45682cac66e57d9fc4393555a3ae547f47688edb4acdda491c2c217ba6429ee7cfcebbb05e46ec6f93904155285e6381464b2d150f35be4ee5141c10' +
    '923b31d1c8a1d4efdd5866af4c24b959904f4720c1384c325a6a74a0e692a4e3b75141be395154937966b6d25d170d0c748534bdeb5c6c9137434465' +
    'c4a140532b8cd9ca8898ce6a5b3181556d7c91a46744328c5d69b98ca7b8a27e87451f3880d5485882335b592a6b8a474e42b8bc743a492ac18e3dce' +
    '639b3a783a3048245e60a0366f2f75a3dcd6584cbd725a55516f7ae4e964bf65a739501bab9cf0dfe68f3f3323cb82ec5e8e7a8f5cd27a35481e1d29',
  v4SrgbToA98:
    '7ddda9791418921416192186ad1204c114106cbf455d068a81d6361920cab700a6d12a0f589c9e950675487f2172c86ea00f8ad7631a17226a160ddf' +
    '6db72c71c9ae3b10c833491833596528095ba4160e1920b14816ad84431a4272cd1c10346cb22e5391653c1116caf33b77d2906f0c7551892089f3f9' +
    '24142c7563191319e5340e38aa72217edfdd5d0ed066b12a487f4a5911e998752112167ea214ded83c1933593a93007e3a220b76d04e7c165b91f43c' +
    '4f8c255912c38ceb39171e078a1457b4e137416f34b4152027420f56987c1c140b90c9302b46711a0adfd5e536eab6559f92846b6569aec44fb33cc9' +
    '9f9b4960a575e2ec5586a04e4c45ca8af279371658641a0c60589d7dd4754e88528c9831ddbca2395e30bca6286ab6b056989e7bd9ea8ae36491fdba' +
    '7f70ac67b1b2c84a64c2cacf641cf74d1072437593d03aa6f0d045d13d4e6cb897e5c6d624278761a74667591f4a7e631e0616bd4b7df4fe9455663d' +
    'a37f9e8fc9d3d7cd396c8571453ced4c8223a9b6854916f37bd8655d60c7caf144501c0c8ad15ca0758285acc61f2c87d4e1dd91f6c5589a265c9d8d' +
    '36146194bf935e8b216765d634398199b56a517bb49cb8b09b791f5f94f098cce28df77c93e1fb8af4e3445b82a08f437e2a91c7ba35dcd95a82b2f0' +
    '6e955ea02243738c9c2d456cc55ab0ecf49a3054d878318c56942a4c1b49b59637ad34648a31f8bcd7335890f1b1b6e73e4be6ba18232f0ab72a3cb3' +
    'a6a8ad8725d6874c2faf62f3548dd480d59bd26a41b3ea51a7b04b8662ca5e7834ddd94493a5c65a6d489a9d4fa19f2da28ce0303bde50601d5c45cf' +
    'a2e9752743186a1ef6918ec52731107edc4fdfc835e0fe8c7f1ed696b7a08a8832b4c8aa1822a2bd3a936171e2565de941643abc3281889df6972966' +
    '1b22be905362b1ab35b0509b4231337770cbcdf3452b27bd887a87394bac372a7ce1f04f92659962999b413d6781b67a5515945fa4a799df5a571b9a' +
    'a7a8c95466367d93751a126381e4403024cb496c60bfbc721e17ecadf6bdd6116aa12ccc66ac2c82e0e78f3a75b07ca8599675aa00e95549b9959ae4' +
    'a3bee735338838241e82d491aa5832927528a38566590062dedcf14e85776f33b67e7387af548953922d6495a4d27d755ea5f340217bd08993486e7c' +
    '2410c16c62dd1b2d43b63ebbdfba3b84df4b9085abce6b2aac9fd4dcadb52b4714a7b8a54b81dedde9618efa7cdbae8c9ddd897b683585ebd62624a5',
  psSrgbToLiftedBpc:
    '5aa1356a07e188dc344276544b032a527015355f4f530758d7a22307091db00c92a5e7345498a2ab0b898ca52110174d4d0e92ab210968b968aa0e57' +
    '6e24045aa089a806f9181001091083750cb04a2e0f86eae9c10d9a85110c8ffac7140119a6b3270a11224701c68ee9350810789f039e65500f589ef5' +
    '8902317f24071829d40d066d3c3d12213ba66b06f7805b0f3867f404057288000c77d2b8310b3665952053955db808c04b67190d11f0ca06c7cd540f' +
    '61adcc1c0cc298f93a457cd92a02b16712040d1118320593457b1c80e24f2d01486d09045191acc602412e1607b0f93dc4788972ab81bd5012b3cb2e' +
    'c796445c47bbc9918493921f1d0882cdb270abe3eebff54f4f29c27b6962c8326194f54a891677e6e45feae1f27bbcbf817735be5d8fe3da35b44d6c' +
    'deeb546f489fcdb02670c56cceef3ff2e8ca4f2d1a6e9264fcf7d9625796b05254d5b3db534347d7f33970a79791fac66e821a2f06e7576e759eec64' +
    '3c55f55e233d2d0e6fb994e8a256497e7a4dbac02ecd90b5cc17e05a3254d562315c13eebd58f08079e4fbfa6f599f203058fb9bebac1a3678e3cc3e' +
    '6007637778d89b174dc447696e80a48edc33ca7862dde23b95fc863b6c8e562136996ebba345df67b6e3afae4090a4e1b5484e653e08c85d7e5b6533' +
    '7845ef395c36d0a036c416f49ed0ddf5f639f8f6b98fcdb0cc95e694a88e4f749b86b187849141b7918c27067780aaa1a83e8f92d6f8d5360dd84e13' +
    'd7d6aa6a8c84a6200b87a82470b17b76a7ce7ad3b95e43874c62153b1a29b93f81b69226391e2c3f347c4883217dae28718369560ee5b729d2edf25e' +
    'e8cbac7e6a3feaa8aef3f4be0b18c88c744ad5426198eaebdd49ed813daf4311023d6c39978b2cc8d9ceefce548234c777aad94c889370bbce2b3b87' +
    'e0b6676d43cd60a572575bd0c29c26689e2d8ff85468617e6ab8e8dfd84340522cb41eb3557a3e528998310ba8a2f76689bcfa2e3c0eddaaa1a0012b' +
    '6d4758c7fdb826320b589820d0b27869925285cae347169dd29f5db9f5e2701f1c4b03c894f3b6803c5b898da19af159af94c3b4099b8ee764e2e15d' +
    '81d5a8dd3b707b6e9feecbb74780ba3766a1aa565aa4c537913b19a5522a81d8dbacd5c881bd2ab489226cbf37655ba1fdfe40a2c3c4d1ec5faac030' +
    '325b695c97888d350f95be7a4861bb78d395e3b0894d70d577b833c570272a3449090a486d5cc6cce83bb4b4bce5e03bc4147d6672767bbc581f181a',
  liftedToPsSrgbBpc:
    '0063ab7c03bcf2ac0000d000ff0c5986d30000fe59620d28a46d0000f860e0078100a9000092a5ff04a300cb00006632ff069f67e00000545b8b08d1' +
    'e390000076614f052f00d90000c8a4ff0709ff4d0000ba00810a8a7ce0000081b91c0a0100b2000091e6760987c4df00004d68ff01cdde1709004afb' +
    '20093c84e6000040c9ff06acda080d009672a40624010201004eadba01ff9c89000095f0d3098f3cf10000d179ff000700b1000051ac500c3c8cb400' +
    '00cc8afd0ec860060900e1b7e1070f56420200b200be0c1000b500002b00610595a2470000dee6d201a3ae4601003be1005c9100f08f00dbd28c5d44' +
    '0091308ae800f934c5ba83caffcc23a07268eab87fd2d66a00fce8c3fd41b0dc6fff5145466e4ed2697e121be84cc2ce0054c394e01660cfcd6b9d07' +
    '0066d8dcdd88e816a600bfff00c73573ca0093e498aeed00001d80f675e500ea00e39ee2a163008e3ce700f400007619c602fd81c14c87de508d7177' +
    'c62a51617baa9f4dc800a3610074a1ff718acbc89d801376e6566d8203e400d41a8e12e400dd93427b479745ffff167600cd0053e089fad1f09afac7' +
    'bf03697b302400a29a6428ff82cac62902b69a73002c0c8ed47ffcf3432b2a748b00e40000a9ca0077ea3400ea00b888006c0000c2e9e9e1af4f176d' +
    '8ff5847d9c1200b3b693e97a024700fff979ff998d2c6dd2ac94c1da3cd5c652030031a600f46df44b0e007bff009c55543237ff9bd5cc6956f2625d' +
    '0b03a400f800e0f5e700ef0000d3007978004f3c34009ad5ff13d4ffd1836804dfba4affff969200fbb46c69e100bc000079ef78e4ee00f29a56a1cd' +
    '40abea00936a9337624c59b1ff0396180b52ffbbadebd6415d79008ac3c50098df870fc400fb95b57b00b22aaff90bab23ef7a00e2a0dcd8a2a751ae' +
    'e8500059333d869dbdfe6800680bf500cb6700fd48b2a0326df632a766b20080d6df4b32f08fda00789600dbee763738746c5f00d2616c73fa00edb8' +
    '00e4e800932fcbcf961d26aabe80c98506d090286bff70d6c42ec481f5000035cfffdec66b3759ff96d100e4cbff65ec009100fe11500085f73626be' +
    'd2ec55e64659c5bd0bacc0e000a8436a5729f02552cf8be24c98326b1ddbff81ffc73500ff27847d8000c6e99fff37d5ff5641fb6c00ba4e031911b3' +
    'ffae00f2cc013b42d922402a9d0757dcc6ed00da578c7592e6d15feb318c432294765ceff636b381e6e0576e00ff11b3514a7b007bc0a28bcb23118e',
};

describe('ICC profile parsing', () => {
  it('reads the ghostscript sRGB and Adobe RGB (1998) profiles', () => {
    const srgb = gsProfile('srgb.icc');
    expect(srgb.colorSpace).toBe('RGB');
    expect(srgb.version).toBe(2.1);
    expect(srgb.curves[0].kind).toBe('table');
    // rXYZ as stored (D50-adapted): 0.4361, 0.2225, 0.0139.
    expect(srgb.matrix[0]).toBeCloseTo(0.4361, 4);
    expect(srgb.matrix[3]).toBeCloseTo(0.2225, 4);
    expect(srgb.matrix[6]).toBeCloseTo(0.0139, 4);
    const a98 = gsProfile('a98.icc');
    expect(a98.curves[0]).toEqual({ kind: 'gamma', gamma: 563 / 256 });
    // Adobe RGB's colorants add up to D50 white.
    const m = a98.matrix;
    expect(m[0]! + m[1]! + m[2]!).toBeCloseTo(0.9642, 3);
    expect(m[3]! + m[4]! + m[5]!).toBeCloseTo(1, 3);
    expect(m[6]! + m[7]! + m[8]!).toBeCloseTo(0.8249, 3);
    expect(gsProfile('rommrgb.icc').curves[1]).toEqual({ kind: 'gamma', gamma: 461 / 256 });
  });

  it('reads the profiles the oracle documents embed', () => {
    const adobe = psAdobeRgb();
    expect(adobe.description).toBe('Adobe RGB (1998)');
    expect(sameProfile(adobe, gsProfile('a98.icc'))).toBe(false); // different bytes...
    expect(colorTransform(adobe, gsProfile('a98.icc')).identity).toBe(true); // ...same colorants and curves
    const srgb = psSrgb();
    expect(srgb.description).toBe('sRGB IEC61966-2.1');
    expect(srgb.bytes?.length).toBe(3144);
    const v4 = v4Srgb();
    expect(v4.version).toBeCloseTo(4.3, 5);
    expect(v4.curves[0]).toMatchObject({ kind: 'parametric', fn: 4 });
    expect(v4.description).toBe('sRGB');
  });

  it('evaluates curv and all five para function types', () => {
    // Parameters exactly representable in s15Fixed16, so the stored curve is the formula.
    const g = 2.25,
      a = 0.875,
      b = 0.125,
      c = 0.0625,
      d = 0.25,
      e = 0.0078125,
      f = 0.015625;
    const t1 = 0x8000 / 65535;
    const cases: [Uint8Array, (x: number) => number][] = [
      [para(0, [g]), (x) => x ** g],
      [para(1, [g, a, b]), (x) => (x >= -b / a ? (a * x + b) ** g : 0)],
      [para(2, [g, a, b, c]), (x) => (x >= -b / a ? (a * x + b) ** g + c : c)],
      [para(3, [g, a, b, c, d]), (x) => (x >= d ? (a * x + b) ** g : c * x)],
      [para(4, [g, a, b, c, d, e, f]), (x) => (x >= d ? (a * x + b) ** g + e : c * x + f)],
      [curv([]), (x) => x],
      [curv([563]), (x) => x ** (563 / 256)],
      [curv([0, 0x8000, 0xffff]), (x) => (x < 0.5 ? 2 * x * t1 : t1 + (x - 0.5) * 2 * (1 - t1))],
    ];
    for (const [tag, fn] of cases) {
      const p = must(parseIccProfile(writeProfile({ matrix: psAdobeRgb().matrix, curve: tag })), 'synthetic profile');
      for (let x = 0; x <= 1; x += 1 / 64) expect(evalCurve(p.curves[0], x)).toBeCloseTo(fn(x), 9);
    }
  });

  it('reads a gray profile and turns down CMYK, Lab and LUT-only profiles with a reason', () => {
    const gray = gsProfile('sgray.icc');
    expect(gray.colorSpace).toBe('GRAY');
    expect(gray.curves[0]).toEqual({ kind: 'gamma', gamma: 461 / 256 });
    const cmyk = readIccProfile(need(path.join(GS, 'default_cmyk.icc'), 'ghostscript CMYK profile'));
    expect(cmyk).toMatchObject({ ok: false });
    expect(!cmyk.ok && cmyk.reason).toMatch(/CMYK/);
    expect(parseIccProfile(need(path.join(GS, 'lab.icc'), 'ghostscript Lab profile'))).toBeNull();
    const lutOnly = readIccProfile(writeProfile({ extra: [['A2B0', new Uint8Array(32).fill(0x6d, 0, 1)]] }));
    expect(!lutOnly.ok && lutOnly.reason).toMatch(/LUT-based/);
    // Both LUT and matrix tags: the matrix is used and the profile says so.
    const both = must(
      parseIccProfile(writeProfile({ matrix: psAdobeRgb().matrix, curve: curv([563]), extra: [['A2B0', new Uint8Array(32)]] })),
      'LUT + matrix profile',
    );
    expect(both.lutTagsIgnored).toBe(true);
  });

  it('returns null on garbage and truncated profiles without throwing', () => {
    const good = psSrgb().bytes!;
    expect(parseIccProfile(new Uint8Array(0))).toBeNull();
    expect(parseIccProfile(new Uint8Array(500))).toBeNull();
    expect(parseIccProfile(good.subarray(0, 140))).toBeNull();
    expect(parseIccProfile(good.subarray(0, 1000))).toBeNull(); // tags point past the end
  });
});

describe('profile extraction', () => {
  it('finds the document profile and the untagged flag', () => {
    const smart = documentColorContext(oracle('aspose_smart_test/smart_Test.psd'));
    expect(smart.documentUntagged).toBe(false);
    expect(smart.documentProfile?.description).toBe('Adobe RGB (1998)');
    const source = documentColorContext(oracle('aspose_source/source.psd'));
    expect(source).toEqual({ documentProfile: null, documentUntagged: true, documentProfileNote: null });
    // agrees with ag-psd's own reading of resource 1041
    expect(readPsdBytes(oracle('aspose_source/source.psd')).imageResources?.iccUntaggedProfile).toBe(true);
    expect(documentColorContext(oracle('agpsd_smart_object/smart_object.psd')).documentProfile?.description).toBe('sRGB IEC61966-2.1');
    expect(documentColorContext(new Uint8Array([1, 2, 3]))).toEqual({
      documentProfile: null,
      documentUntagged: false,
      documentProfileNote: null,
    });
  });

  it('finds the profiles of embedded JPEG, PNG and PSB files', async () => {
    expect((await embeddedProfile(linkedFile(oracle('aspose_smart_test/smart_Test.psd'))))?.description).toBe('sRGB IEC61966-2.1');
    expect((await embeddedProfile(linkedFile(oracle('aspose_source/source.psd'))))?.description).toBe('Adobe RGB (1998)');
    expect((await embeddedProfile(linkedFile(oracle('aspose_clipping_blending/Clipping_Blending.psd'))))?.description).toBe('sRGB');
    expect((await embeddedProfile(linkedFile(oracle('agpsd_werps/werps.psd'))))?.description).toBe('sRGB IEC61966-2.1');
    // Untagged: a JPEG with only JFIF/EXIF, a PNG without colour chunks, a PSB saved untagged.
    expect(await embeddedProfile(linkedFile(oracle('agpsd_smart_object/smart_object.psd'), 1))).toBeNull();
    expect(await embeddedProfile(linkedFile(oracle('agpsd_smart_object_png/smart_object_png.psd')))).toBeNull();
    expect(await embeddedProfile(linkedFile(oracle('aspose_warping/Warping.psd')))).toBeNull();
    expect(await embeddedProfile(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });

  it('joins a JPEG profile split over several APP2 segments in sequence order', () => {
    const icc = psSrgb().bytes!;
    const seg = (seq: number, count: number, part: Uint8Array) => {
      const body = new Uint8Array([...'ICC_PROFILE'].map((c) => c.charCodeAt(0)).concat([0, seq, count]));
      const len = 2 + body.length + part.length;
      return new Uint8Array([0xff, 0xe2, len >> 8, len & 255, ...body, ...part]);
    };
    const cut = 1000;
    const jpeg = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      4,
      0,
      0,
      ...seg(2, 2, icc.subarray(cut)),
      ...seg(1, 2, icc.subarray(0, cut)),
      0xff,
      0xda,
      0,
      2,
      0x12,
      0x34,
      0xff,
      0xd9,
    ]);
    expect(Array.from(must(jpegIcc(jpeg), 'joined profile'))).toEqual(Array.from(icc));
    // A missing piece is no profile, not half of one.
    const broken = new Uint8Array([0xff, 0xd8, ...seg(2, 2, icc.subarray(cut)), 0xff, 0xd9]);
    expect(jpegIcc(broken)).toBeNull();
  });

  it('reads PNG iCCP and sRGB chunks; gAMA alone is no profile', async () => {
    const chunk = (type: string, data: Uint8Array) => {
      const out = new Uint8Array(12 + data.length);
      new DataView(out.buffer).setUint32(0, data.length);
      out.set(
        [...type].map((c) => c.charCodeAt(0)),
        4,
      );
      out.set(data, 8);
      return out; // CRC left zero: not checked
    };
    const png = (...chunks: Uint8Array[]) =>
      new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, ...chunks.flatMap((c) => Array.from(c)), ...chunk('IEND', new Uint8Array(0))]);
    const ihdr = chunk('IHDR', new Uint8Array(13));
    const icc = psAdobeRgb().bytes!;
    const iccp = chunk('iCCP', new Uint8Array([...'Adobe RGB'].map((c) => c.charCodeAt(0)).concat([0, 0, ...deflateSync(icc)])));
    const withIcc = await embeddedProfile(png(ihdr, iccp, chunk('IDAT', new Uint8Array(4))));
    expect(withIcc?.description).toBe('Adobe RGB (1998)');
    expect(await embeddedProfile(png(ihdr, chunk('sRGB', new Uint8Array([0]))))).toBe(SRGB);
    expect(await embeddedProfile(png(ihdr, chunk('gAMA', new Uint8Array([0, 0, 0xb1, 0x8f]))))).toBeNull();
    // A corrupt zlib stream: no profile and a note, not a throw.
    const bad = await embeddedColor(png(ihdr, chunk('iCCP', new Uint8Array([0x61, 0, 0, 1, 2, 3, 4]))));
    expect(bad.profile).toBeNull();
    expect(bad.note).toMatch(/inflate/);
  });
});

describe('conversion', () => {
  it("reproduces Photoshop's smart_Test render: sRGB (12,50,59) into Adobe RGB is (34,53,61)", async () => {
    const psd = oracle('aspose_smart_test/smart_Test.psd');
    const ctx = documentColorContext(psd);
    const img = raster([12, 50, 59]);
    expect(toDocumentColor(img, await embeddedProfile(linkedFile(psd)), ctx)).toBe('converted');
    expect(Array.from(img.data)).toEqual([34, 53, 61, 255]);
  });

  it("leaves source.psd's Adobe RGB PNG unconverted in its untagged document", async () => {
    const psd = oracle('aspose_source/source.psd');
    const file = await embeddedProfile(linkedFile(psd));
    expect(file).not.toBeNull();
    const img = raster([12, 50, 59]);
    expect(toDocumentColor(img, file, documentColorContext(psd))).toBe('unchanged');
    expect(Array.from(img.data)).toEqual([12, 50, 59, 255]);
    // Untagged file into a tagged document: also left alone.
    expect(toDocumentColor(img, null, documentColorContext(oracle('aspose_smart_test/smart_Test.psd')))).toBe('unchanged');
  });

  it('round-trips sRGB -> Adobe RGB -> sRGB within 1 wherever 8 bits allow', () => {
    const roundTrip = (rgb: number[]) => {
      const img = raster(rgb);
      expect(convertRaster(img, psSrgb(), psAdobeRgb())).toBe(true);
      expect(convertRaster(img, psAdobeRgb(), psSrgb())).toBe(true);
      return rgbOf(img.data);
    };
    const greys = Array.from({ length: 256 }, (_, v) => [v, v, v]).flat();
    expect(maxDiff(roundTrip(greys), greys)).toBeLessThanOrEqual(1);
    const light: number[] = [];
    for (let r = 112; r < 256; r += 16) for (let g = 112; g < 256; g += 16) for (let b = 112; b < 256; b += 16) light.push(r, g, b);
    expect(maxDiff(roundTrip(light), light)).toBeLessThanOrEqual(1);
    // Where one channel is far below the others the 8-bit Adobe RGB step is coarse for it: sRGB
    // (15,195,120) goes to Adobe (110,194,123) and back to (5,195,120), with LittleCMS too. Most
    // of the full grid still comes back within 1.
    const full: number[] = [];
    for (let r = 0; r < 256; r += 15) for (let g = 0; g < 256; g += 15) for (let b = 0; b < 256; b += 15) full.push(r, g, b);
    const back = roundTrip(full);
    let within = 0;
    for (let i = 0; i < full.length; i += 3) if (maxDiff(back.slice(i, i + 3), full.slice(i, i + 3)) <= 1) within++;
    expect(within / (full.length / 3)).toBeGreaterThan(0.85);
    expect(roundTrip([15, 195, 120])).toEqual([5, 195, 120]);
  });

  it('is the identity, pixels untouched, for equal profiles', () => {
    const img = raster(colours(50, 9));
    const before = img.data.slice();
    const ps = psSrgb();
    expect(convertRaster(img, ps, ps)).toBe(false);
    // The same bytes parsed twice, a different file with the same colorants and curves, and the PNG sRGB chunk's sRGB.
    expect(convertRaster(img, ps, must(parseIccProfile(ps.bytes!.slice()), 'copy'))).toBe(false);
    expect(convertRaster(img, ps, gsProfile('srgb.icc'))).toBe(false);
    expect(convertRaster(img, SRGB, ps)).toBe(false);
    expect(convertRaster(img, v4Srgb(), ps)).toBe(false);
    expect(img.data).toEqual(before);
    expect(
      toDocumentColor(img, gsProfile('a98.icc'), { documentProfile: psAdobeRgb(), documentUntagged: false, documentProfileNote: null }),
    ).toBe('unchanged');
    // Alpha is never touched by a real conversion either.
    convertRaster(img, ps, psAdobeRgb());
    for (let i = 3; i < img.data.length; i += 4) expect(img.data[i]).toBe(before[i]);
  });

  const imCases: [string, () => IccProfile, () => IccProfile, number][] = [
    ['psSrgbToAdobe', psSrgb, psAdobeRgb, 1],
    ['adobeToPsSrgb', psAdobeRgb, psSrgb, 2],
    ['gsSrgbToRomm', () => gsProfile('srgb.icc'), () => gsProfile('rommrgb.icc'), 3],
    ['v4SrgbToA98', v4Srgb, () => gsProfile('a98.icc'), 4],
    // Black point compensation (Photoshop's default; IM needs -black-point-compensation).
    ['psSrgbToLiftedBpc', psSrgb, () => must(parseIccProfile(liftedBlackProfile()), 'lifted'), 5],
    ['liftedToPsSrgbBpc', () => must(parseIccProfile(liftedBlackProfile()), 'lifted'), psSrgb, 6],
  ];
  for (const [name, src, dst, seed] of imCases) {
    it(`agrees with ImageMagick/LittleCMS within 1 on 300 colours: ${name}`, () => {
      const px = colours(300, seed);
      const img = raster(px);
      expect(convertRaster(img, src(), dst())).toBe(true);
      const want = Array.from(Buffer.from(must(IMAGEMAGICK[name], name), 'hex'));
      const got = rgbOf(img.data);
      expect(maxDiff(got, want)).toBeLessThanOrEqual(1);
      // LittleCMS works in 16 bits; nearly all channels match exactly.
      const off = got.filter((v, i) => v !== want[i]).length;
      expect(off).toBeLessThan(got.length * 0.02);
    });
  }

  it('compensates a non-zero black point: black maps to black', () => {
    const lifted = must(parseIccProfile(liftedBlackProfile()), 'lifted');
    expect(colorTransform(lifted, psSrgb()).convertPixel(0, 0, 0)).toEqual([0, 0, 0]);
    expect(colorTransform(psSrgb(), lifted).convertPixel(0, 0, 0)).toEqual([0, 0, 0]);
    expect(colorTransform(psSrgb(), lifted).convertPixel(255, 255, 255)).toEqual([255, 255, 255]);
  });

  it('converts gray profiles to and from RGB (ImageMagick values)', () => {
    const gray = gsProfile('sgray.icc');
    const toRgb = colorTransform(gray, psSrgb());
    expect([0, 5, 32, 128, 192, 255].map((v) => toRgb.convertPixel(v, v, v))).toEqual([0, 3, 43, 146, 203, 255].map((v) => [v, v, v]));
    const toGray = colorTransform(psSrgb(), gray);
    expect(
      [
        [12, 50, 59],
        [2, 2, 2],
        [5, 5, 5],
        [128, 128, 128],
      ].map(([r, g, b]) => toGray.convertPixel(r!, g!, b!)[0]),
    ).toEqual([34, 4, 7, 109]);
  });

  it('converts a 2000 x 2000 image in well under a second', () => {
    const data = new Uint8ClampedArray(2000 * 2000 * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    const src = psSrgb(),
      dst = psAdobeRgb();
    colorTransform(src, dst); // table building is per profile pair, cached
    const t0 = performance.now();
    convertRaster({ width: 2000, height: 2000, data }, src, dst);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
