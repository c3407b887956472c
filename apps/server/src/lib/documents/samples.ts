import { crc32, deflateSync } from 'node:zlib';
import type { DocumentInput } from './document.ts';
import type { LabelInput } from './labels.ts';
import type { SectionsInput } from './sections.ts';
import type { PageFormat } from './units.ts';

/**
 * Sample documents: the tests render them, the benchmark times them, and
 * `node bench/documents/samples.mjs` writes them to .tmp/ to look at. They double as
 * examples of the input each renderer takes.
 */

/** A small PNG logo (a filled circle in a ring), made here so the samples need no files. */
export function sampleLogoPng(size = 96): Buffer {
  const row = size * 4 + 1;
  const pixels = Buffer.alloc(row * size);
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    pixels[y * row] = 0;
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre) / (size / 2);
      const at = y * row + 1 + x * 4;
      const ink = distance < 0.55 || (distance > 0.75 && distance < 0.95);
      pixels.set(ink ? [23, 92, 64, 255] : [255, 255, 255, 0], at);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const invoiceLines: DocumentInput['lines'] = [
  { description: 'Crème brûlée', quantity: 4, unit_price: 450, tax_rate_bp: 700, total: 1800 },
  { description: 'Łódź smoked sausage', detail: 'SKU LDZ-042', quantity: 2, unit_price: 1290, tax_rate_bp: 700, total: 2580 },
  { description: 'Äpfel, Boskoop', quantity: 1.25, unit: 'kg', unit_price: 398, tax_rate_bp: 700, total: 498 },
  { description: 'Smørrebrød platter for twelve, with pickled herring, roast beef, egg and shrimp, remoulade and crispy onions', quantity: 1, unit_price: 8900, tax_rate_bp: 700, total: 8900 },
  { description: 'Catering service (staff, 3 hours)', quantity: 3, unit: 'h', unit_price: 4500, tax_rate_bp: 1900, total: 13500 },
  { description: 'Delivery within Stuttgart', quantity: 1, unit_price: 2500, tax_rate_bp: 1900, total: 2500 },
];

/** An invoice in euros, German locale: accents, units, two tax rates, a logo, a payment QR code. */
export function sampleInvoice(page: PageFormat = 'a4', lineCount = invoiceLines.length): DocumentInput {
  const lines = Array.from({ length: lineCount }, (_, index) => {
    const line = invoiceLines[index % invoiceLines.length]!;
    return index < invoiceLines.length ? line : { ...line, description: `${line.description} (${Math.floor(index / invoiceLines.length) + 1})` };
  });
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.tax_rate_bp ?? 0, (byRate.get(line.tax_rate_bp ?? 0) ?? 0) + line.total);
  // Prices here exclude tax: tax per rate on the rate's net, rounded half away from zero.
  const taxSummary = [...byRate].map(([rate, net]) => ({ rate_bp: rate, net, tax: Math.round((net * rate) / 10_000) }));
  const net = taxSummary.reduce((sum, row) => sum + row.net, 0);
  const tax = taxSummary.reduce((sum, row) => sum + row.tax, 0);
  return {
    page,
    currency: 'EUR',
    locale: 'de-DE',
    time_zone: 'Europe/Berlin',
    business: {
      name: 'Café Müller & Söhne GmbH',
      address: ['Königstraße 12', '70173 Stuttgart', 'Deutschland'],
      tax_number: 'DE123456789',
      email: 'rechnung@cafe-mueller.example',
      phone: '+49 711 123456',
      logo: sampleLogoPng(),
    },
    title: 'Invoice',
    number: 'INV-2025-0042',
    dates: [
      { label: 'Issue date', date: '2025-03-09' },
      { label: 'Due date', date: '2025-03-23' },
      { label: 'Delivered', date: '2025-03-08T16:30:00Z' },
    ],
    parties: [
      { label: 'Bill to', name: 'Zoë Ångström', lines: ['Ærøskøbing Event AG', 'Marktplatz 1', '8001 Zürich', 'Schweiz'] },
      { label: 'Ship to', name: 'Ærøskøbing Event AG', lines: ['Festsaal, Marktplatz 1', '8001 Zürich'] },
    ],
    lines,
    tax_summary: taxSummary,
    totals: [
      { label: 'Subtotal', amount: net },
      ...taxSummary.map((row) => ({ label: `VAT ${row.rate_bp / 100}%`, amount: row.tax })),
      { label: 'Total', amount: net + tax, strong: true },
    ],
    payment: {
      lines: ['Bank transfer within 14 days', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX', 'Reference INV-2025-0042'],
      qr: `BCD\n002\n1\nSCT\nCOBADEFFXXX\nCafe Mueller und Soehne GmbH\nDE89370400440532013000\nEUR${((net + tax) / 100).toFixed(2)}\n\n\nINV-2025-0042`,
    },
    notes: 'Thank you for your order. Goods remain our property until paid in full.',
    footer: 'Amtsgericht Stuttgart HRB 12345 · Geschäftsführer: Jürgen Müller',
  };
}

/** A purchase order in pounds (en-GB), e-mailed to a supplier: no tax column, SKUs as details. */
export function samplePurchaseOrder(page: PageFormat = 'a4'): DocumentInput {
  const lines = [
    { description: 'Arabica beans, Yirgacheffe', detail: 'Supplier SKU YRG-1KG', quantity: 12, unit: 'kg', unit_price: 1850, total: 22200 },
    { description: 'Oat milk, barista edition (case of 6)', detail: 'Supplier SKU OAT-B6', quantity: 10, unit_price: 1299, total: 12990 },
    { description: 'Paper cups 12 oz, compostable (sleeve of 50)', detail: 'Supplier SKU CUP-12C', quantity: 40, unit_price: 475, total: 19000 },
    { description: 'Pain au chocolat, frozen (box of 60)', detail: 'Supplier SKU PAC-60', quantity: 3, unit_price: 3600, total: 10800 },
  ];
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  return {
    page,
    currency: 'GBP',
    locale: 'en-GB',
    time_zone: 'Europe/London',
    business: { name: 'The Corner Café', address: ['14 Market Street', 'York YO1 8BE', 'United Kingdom'], tax_number: 'GB 123 4567 89', email: 'orders@cornercafe.example' },
    title: 'Purchase order',
    number: 'PO-000317',
    dates: [
      { label: 'Order date', date: '2025-03-10' },
      { label: 'Deliver by', date: '2025-03-14' },
    ],
    parties: [
      { label: 'Supplier', name: 'Bean & Leaf Wholesale Ltd', lines: ['Unit 4, Riverside Estate', 'Leeds LS10 1AB', 'sales@beanandleaf.example'] },
      { label: 'Deliver to', name: 'The Corner Café', lines: ['14 Market Street', 'York YO1 8BE', 'Goods entrance on Feasegate'] },
    ],
    lines,
    totals: [{ label: 'Order total', amount: total, strong: true }],
    notes: 'Please confirm the delivery date by e-mail. Deliveries between 07:00 and 10:00 only.',
  };
}

/** A Z report (end of day) in Indian rupees (en-IN, lakh grouping): many sections, no lines. */
export function sampleZReport(page: PageFormat = 'a4'): SectionsInput {
  const payments = [
    ['Cash', 212, 18_450_000],
    ['Card', 388, 64_325_050],
    ['UPI', 141, 9_870_000],
    ['Gift card', 6, 240_000],
  ] as const;
  const gross = payments.reduce((sum, [, , amount]) => sum + amount, 0);
  const categories = ['Coffee', 'Tea', 'Bakery', 'Sandwiches', 'Cold drinks', 'Retail beans', 'Merchandise', 'Desserts'];
  return {
    page,
    currency: 'INR',
    locale: 'en-IN',
    time_zone: 'Asia/Kolkata',
    title: 'Z report 2025-03-09',
    author: 'Chai & Co., Bengaluru',
    sections: [
      { kind: 'heading', text: 'Chai & Co., Bengaluru', level: 2, align: page === 'a4' ? 'left' : 'center' },
      { kind: 'heading', text: 'Z report', level: 1, align: page === 'a4' ? 'left' : 'center' },
      {
        kind: 'key-value',
        rows: [
          { label: 'Z number', value: '000128' },
          { label: 'Store', value: 'Indiranagar, 100 Feet Road' },
          { label: 'Register', value: 'Till 2' },
          { label: 'Opened', date: '2025-03-09T02:00:00Z' },
          { label: 'Closed', date: '2025-03-09T17:45:00Z' },
          { label: 'Closed by', value: 'Priya Raghavan' },
        ],
      },
      { kind: 'heading', text: 'Sales', level: 2 },
      {
        kind: 'key-value',
        rows: [
          { label: 'Orders', value: '747' },
          { label: 'Gross sales', amount: gross + 1_250_000 },
          { label: 'Discounts', amount: -1_250_000 },
          { label: 'Refunds (3)', amount: -185_000 },
          { label: 'Net sales', amount: gross - 185_000, strong: true },
        ],
      },
      { kind: 'heading', text: 'Payments', level: 2 },
      {
        kind: 'table',
        columns: [{ header: 'Method' }, { header: 'Count', kind: 'quantity' }, { header: 'Amount', kind: 'money' }],
        rows: payments.map(([method, count, amount]) => [method, count, amount]),
      },
      { kind: 'heading', text: 'Tax by rate', level: 2 },
      {
        kind: 'table',
        columns: [{ header: 'Rate', kind: 'rate' }, { header: 'Net', kind: 'money' }, { header: 'Tax', kind: 'money' }, { header: 'Gross', kind: 'money' }],
        rows: [
          [500, 52_380_952, 2_619_048, 55_000_000],
          [1200, 22_883_929, 2_746_071, 25_630_000],
          [1800, 11_313_610, 2_036_440, 13_350_050],
        ],
      },
      { kind: 'heading', text: 'Sales by category', level: 2 },
      {
        kind: 'table',
        columns: [{ header: 'Category', weight: 2 }, { header: 'Items', kind: 'quantity' }, { header: 'Net', kind: 'money' }],
        rows: categories.map((category, index) => [category, 40 + index * 37, 3_100_000 + index * 1_275_050]),
      },
      { kind: 'heading', text: 'Cash drawer', level: 2 },
      {
        kind: 'key-value',
        rows: [
          { label: 'Opening float', amount: 500_000 },
          { label: 'Cash sales', amount: 18_450_000 },
          { label: 'Cash refunds', amount: -85_000 },
          { label: 'Paid out (milk delivery)', amount: -120_000 },
          { label: 'Expected in drawer', amount: 18_745_000 },
          { label: 'Counted', amount: 18_740_000 },
          { label: 'Difference', amount: -5_000, strong: true },
        ],
      },
      { kind: 'totals', rows: [{ label: 'Net sales', amount: gross - 185_000, strong: true }] },
      { kind: 'rule' },
      { kind: 'text', text: 'Counted by Priya Raghavan, checked by Arjun Mehta. Signature: ____________________', size: 'small', muted: true },
    ],
    footer: 'Chai & Co. Pvt. Ltd. · GSTIN 29ABCDE1234F1Z5',
  };
}

/** Labels with every barcode kind a shelf label prints. */
export function sampleLabels(): LabelInput[] {
  return [
    { name: 'Bio-Vollmilch 3,8 % Fett, 1 l', price: 149, unit_price_text: '1,49 € / l', barcode: { kind: 'ean13', value: '4006381333931' } },
    { name: 'Crème fraîche d’Isigny AOP', price: 365, unit_price_text: '18,25 € / kg', barcode: { kind: 'ean8', value: '96385074' } },
    { name: 'Peanut butter, crunchy', price: 499, unit_price_text: '1,47 € / 100 g', barcode: { kind: 'upca', value: '036000291452' } },
    { name: 'Wooden spoon (handmade, beech) with a very long name that needs two lines', price: 1250, barcode: { kind: 'code128', value: 'TILL-000123' } },
    { name: 'Gift voucher', price: 2500, barcode: { kind: 'qr', value: 'https://till.example/v/8K2P' } },
    { name: 'Łososie wędzone, plastry', price: 123_456, unit_price_text: '4 938,24 € / kg', barcode: { kind: 'ean13', value: '5901234123457' } },
  ];
}
