#!/usr/bin/python3
"""Makes the two fonts every PDF document embeds (apps/server/src/lib/documents/fonts/).

Source: Noto Sans Regular and Bold from the npm package @embedpdf/fonts-latin (a dev dependency).
Kept: Latin (with Latin Extended A/B and Additional: Vietnamese, Romanian, Polish, Turkish, …),
Greek, Cyrillic, punctuation and the currency symbols block (€ £ ¥ ₹ ₺ ₽ …). Dropped: hinting and
every OpenType layout table (GSUB/GPOS). fontkit parses those on a font's first layout, which cost
about 0.5 s per font and document; the scripts kept need no shaping once text is NFC-normalised.
The family is renamed, as the SIL Open Font License asks of a modified font with a reserved name.

Run after changing the ranges:  /usr/bin/python3 scripts/subset-document-fonts.py   (Debian: apt-get install fonttools)
"""
from pathlib import Path
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / 'node_modules/@embedpdf/fonts-latin/fonts'
TARGET = ROOT / 'apps/server/src/lib/documents/fonts'
UNICODES = (
    'U+0020-007E,U+00A0-024F,U+0259,U+02B9-02DD,U+0300-036F,U+0370-03FF,U+0400-04FF,U+1E00-1EFF,'
    'U+2000-206F,U+20A0-20C0,U+2100-2122,U+2190-2193,U+2212,U+2215,U+2260-2265,U+25A0-25CF,U+FEFF,U+FFFD'
)
FAMILY = 'Till Sans'

for weight in ('Regular', 'Bold'):
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    font = TTFont(SOURCE / f'NotoSans-{weight}.ttf')
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    for table in ('GSUB', 'GPOS', 'GDEF', 'STAT'):
        if table in font:
            del font[table]
    names = font['name']
    postscript = f'TillSans-{weight}'
    for record in names.names:
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID == 3:
            record.string = f'{postscript};subset of Noto Sans'
        elif record.nameID == 4:
            record.string = f'{FAMILY} {weight}'
        elif record.nameID == 6:
            record.string = postscript
    font.save(TARGET / f'TillSans-{weight}.ttf')
    print(f'{TARGET / f"TillSans-{weight}.ttf"}: {(TARGET / f"TillSans-{weight}.ttf").stat().st_size} bytes')
