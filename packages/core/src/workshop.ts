import { assertMinor, divideRounded, MoneyError, type Minor } from './money.ts';
import { priceCart } from './pricing.ts';

/**
 * The mechanics workshop (issue 18, decision 030): VINs, repair order statuses and pricing.
 */

// ---------------------------------------------------------------------------------------------
// VIN (ISO 3779 / FMVSS 115): 17 characters, no I, O or Q; position 9 is a check digit.

const VIN_LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export type VinCheck =
  | { ok: true; value: string }
  | { ok: false; reason: 'length' | 'characters' | 'check_digit'; message: string };

/** The check digit (0-9 or X) a VIN of 17 valid characters should carry at position 9. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    const char = vin[index]!;
    const value = /\d/.test(char) ? Number(char) : VIN_LETTER_VALUES[char];
    if (value === undefined) throw new Error(`not a VIN character: ${char}`);
    sum += value * VIN_WEIGHTS[index]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** A VIN as typed (any case, spaces and dashes ignored), checked; the value is upper case. */
export function checkVin(input: string): VinCheck {
  const value = input.replace(/[\s-]/g, '').toUpperCase();
  if (value.length !== 17) return { ok: false, reason: 'length', message: `A VIN has 17 characters; this one has ${value.length}` };
  if (/[IOQ]/.test(value)) return { ok: false, reason: 'characters', message: 'A VIN never contains the letters I, O or Q' };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(value)) return { ok: false, reason: 'characters', message: 'A VIN has only letters and digits' };
  const expected = vinCheckDigit(value);
  if (value[8] !== expected) {
    return { ok: false, reason: 'check_digit', message: `The VIN's check digit (9th character) should be ${expected}, not ${value[8]}: a character is mistyped` };
  }
  return { ok: true, value };
}

/** World manufacturer identifiers (first three characters) of common makes. */
const WMI: Record<string, string> = {
  '1FA': 'Ford', '1FD': 'Ford', '1FM': 'Ford', '1FT': 'Ford', '1FU': 'Freightliner', '1F1': 'Ford', '2FA': 'Ford', '2FM': 'Ford', '3FA': 'Ford', '3FE': 'Ford',
  WF0: 'Ford', '1G1': 'Chevrolet', '1GC': 'Chevrolet', '1GN': 'Chevrolet', '2G1': 'Chevrolet', '3G1': 'Chevrolet', KL1: 'Chevrolet', '1G4': 'Buick',
  '1G6': 'Cadillac', '1GT': 'GMC', '1GK': 'GMC', '1G8': 'Saturn', '1C3': 'Chrysler', '2C3': 'Chrysler', '1C4': 'Jeep', '1J4': 'Jeep', '1J8': 'Jeep',
  '1B3': 'Dodge', '2B3': 'Dodge', '1D7': 'Dodge', '3D7': 'Ram', '1C6': 'Ram', '3C6': 'Ram', '1HG': 'Honda', '2HG': 'Honda', '5FN': 'Honda', '5J6': 'Honda',
  JHM: 'Honda', SHH: 'Honda', '19X': 'Honda', JH4: 'Acura', '19U': 'Acura', '1N4': 'Nissan', '1N6': 'Nissan', '3N1': 'Nissan', '5N1': 'Nissan', JN1: 'Nissan',
  JN8: 'Nissan', SJN: 'Nissan', VSK: 'Nissan', JNK: 'Infiniti', '4T1': 'Toyota', '4T3': 'Toyota', '5TD': 'Toyota', '5TF': 'Toyota', '2T1': 'Toyota',
  JTD: 'Toyota', JTE: 'Toyota', JTM: 'Toyota', JTN: 'Toyota', JT2: 'Toyota', SB1: 'Toyota', VNK: 'Toyota', JTH: 'Lexus', '2T2': 'Lexus', '58A': 'Lexus',
  JM1: 'Mazda', JM3: 'Mazda', '4F2': 'Mazda', JF1: 'Subaru', JF2: 'Subaru', '4S3': 'Subaru', '4S4': 'Subaru', JA3: 'Mitsubishi', JA4: 'Mitsubishi',
  JS1: 'Suzuki', JS2: 'Suzuki', TSM: 'Suzuki', KMH: 'Hyundai', '5NP': 'Hyundai', KM8: 'Hyundai', TMA: 'Hyundai', KNA: 'Kia', KND: 'Kia', '5XY': 'Kia',
  U5Y: 'Kia', WVW: 'Volkswagen', WVG: 'Volkswagen', WV1: 'Volkswagen', WV2: 'Volkswagen', '3VW': 'Volkswagen', '1VW': 'Volkswagen', WAU: 'Audi',
  WA1: 'Audi', TRU: 'Audi', WBA: 'BMW', WBS: 'BMW M', WBX: 'BMW', '5UX': 'BMW', '4US': 'BMW', WMW: 'MINI', WDB: 'Mercedes-Benz', WDD: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz', W1K: 'Mercedes-Benz', W1N: 'Mercedes-Benz', '4JG': 'Mercedes-Benz', '55S': 'Mercedes-Benz', WP0: 'Porsche', WP1: 'Porsche',
  WME: 'smart', ZFA: 'Fiat', ZFF: 'Ferrari', ZAR: 'Alfa Romeo', ZAM: 'Maserati', ZHW: 'Lamborghini', VF1: 'Renault', VF3: 'Peugeot', VF7: 'Citroën',
  VR3: 'Peugeot', UU1: 'Dacia', VSS: 'SEAT', TMB: 'Škoda', YV1: 'Volvo', YV4: 'Volvo', YS3: 'Saab', SAJ: 'Jaguar', SAL: 'Land Rover', SCC: 'Lotus',
  SCF: 'Aston Martin', SCB: 'Bentley', SCA: 'Rolls-Royce', SAR: 'Rover', W0L: 'Opel', W0V: 'Opel', '5YJ': 'Tesla', '7SA': 'Tesla', LRW: 'Tesla', XP7: 'Tesla',
  LVS: 'Ford', LFV: 'Volkswagen', LSV: 'Volkswagen', LBV: 'BMW', LHG: 'Honda', LGB: 'Nissan', LYV: 'Volvo', MAL: 'Hyundai', MA1: 'Mahindra', MAT: 'Tata',
  '93H': 'Honda', '9BW': 'Volkswagen', '9BG': 'Chevrolet', '8AP': 'Fiat', '6FP': 'Ford', '6G1': 'Holden', '6T1': 'Toyota', NM0: 'Ford', NMT: 'Toyota',
  '1HD': 'Harley-Davidson', JYA: 'Yamaha', JKA: 'Kawasaki', ZDM: 'Ducati', SMT: 'Triumph', '2T3': 'Toyota', '5YF': 'Toyota', '3TM': 'Toyota', '1GY': 'Cadillac',
};

/** Region of manufacture from the first character. */
function regionOf(first: string): string {
  if (/[A-H]/.test(first)) return 'Africa';
  if (/[J-R]/.test(first)) return 'Asia';
  if (/[S-Z]/.test(first)) return 'Europe';
  if (/[1-5]/.test(first)) return 'North America';
  if (/[6-7]/.test(first)) return 'Oceania';
  return 'South America';
}

/** Model-year codes at position 10, in the 30-year cycle starting 1980 (A) and 2010 (A). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export interface VinDecoded {
  vin: string;
  wmi: string;
  /** The make the WMI belongs to, when it is in our table. */
  manufacturer: string | null;
  region: string;
  /** Vehicle descriptor section (positions 4-8). */
  descriptor: string;
  /**
   * The model year from position 10. The letter repeats every 30 years: for North American
   * vehicles a digit at position 7 means 1980–2009 and a letter 2010–2039; elsewhere the most
   * recent year not after `currentYear + 1` is chosen.
   */
  modelYear: number | null;
  /** Assembly plant code (position 11). */
  plant: string;
  serial: string;
}

/** Decodes a VIN offline from its own structure; null when it is not a valid VIN. */
export function decodeVin(input: string, currentYear: number = new Date().getUTCFullYear()): VinDecoded | null {
  const check = checkVin(input);
  if (!check.ok) return null;
  const vin = check.value;
  const wmi = vin.slice(0, 3);
  const code = YEAR_CODES.indexOf(vin[9]!);
  let modelYear: number | null = null;
  if (code >= 0) {
    const region = regionOf(vin[0]!);
    if (region === 'North America') {
      modelYear = (/\d/.test(vin[6]!) ? 1980 : 2010) + code;
    } else {
      modelYear = 1980 + code;
      while (modelYear + 30 <= currentYear + 1) modelYear += 30;
    }
  }
  return {
    vin,
    wmi,
    manufacturer: WMI[wmi] ?? null,
    region: regionOf(vin[0]!),
    descriptor: vin.slice(3, 8),
    modelYear,
    plant: vin[10]!,
    serial: vin.slice(11),
  };
}

// ---------------------------------------------------------------------------------------------
// Repair order statuses.

export const REPAIR_ORDER_STATUSES = ['estimate', 'waiting_for_approval', 'approved', 'in_progress', 'ready', 'invoiced', 'paid', 'declined'] as const;
export type RepairOrderStatus = (typeof REPAIR_ORDER_STATUSES)[number];

export const REPAIR_ORDER_STATUS_LABELS: Record<RepairOrderStatus, string> = {
  estimate: 'Estimate',
  waiting_for_approval: 'Waiting for approval',
  approved: 'Approved',
  in_progress: 'In progress',
  ready: 'Ready',
  invoiced: 'Invoiced',
  paid: 'Paid',
  declined: 'Declined',
};

/**
 * Moves the shop makes by hand. estimate → waiting_for_approval happens only by sending the
 * approval link, and waiting_for_approval → approved/declined by the customer's answer (or the
 * shop recording one given by phone).
 */
const SHOP_TRANSITIONS: Record<RepairOrderStatus, readonly RepairOrderStatus[]> = {
  estimate: ['approved', 'declined'],
  waiting_for_approval: ['estimate', 'approved', 'declined'],
  approved: ['in_progress', 'declined'],
  in_progress: ['ready'],
  ready: ['invoiced'],
  invoiced: ['paid'],
  paid: [],
  declined: [],
};

export function canMoveRepairOrder(from: RepairOrderStatus, to: RepairOrderStatus): boolean {
  return SHOP_TRANSITIONS[from].includes(to);
}

export function nextRepairOrderStatuses(from: RepairOrderStatus): readonly RepairOrderStatus[] {
  return SHOP_TRANSITIONS[from];
}

/** Jobs, lines and prices change only on an estimate; the inspection until the car is ready. */
export const repairOrderEditable = (status: RepairOrderStatus) => status === 'estimate';
export const inspectionEditable = (status: RepairOrderStatus) => status === 'estimate' || status === 'approved' || status === 'in_progress';

// ---------------------------------------------------------------------------------------------
// Hours and pricing.

/**
 * Hours as typed (a number or a decimal string, at most two decimals) → whole hundredths of an
 * hour; null when it is not a positive amount of at most 2 decimals or above 999.99 h.
 */
export function hoursToHundredths(value: number | string): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths > 0 ? hundredths : null;
}

export const formatHours = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '') || '0';

/** A labour line's amount: hours × rate, rounded half away from zero to the minor unit. */
export function labourAmount(hoursHundredths: number, rate: Minor): Minor {
  if (!Number.isSafeInteger(hoursHundredths) || hoursHundredths <= 0) throw new MoneyError('hours must be positive');
  assertMinor(rate, 'rate');
  if (rate < 0) throw new MoneyError('a rate cannot be negative');
  return assertMinor(Number(divideRounded(BigInt(hoursHundredths) * BigInt(rate), 100n)), 'labour amount');
}

export type RepairLineInput =
  | { kind: 'labour'; hoursHundredths: number; rate: Minor; taxRateBasisPoints: number }
  | { kind: 'part'; quantity: number; unitPrice: Minor; taxRateBasisPoints: number };

export type JobApproval = 'pending' | 'approved' | 'declined';

export interface RepairJobInput {
  approval: JobApproval;
  lines: RepairLineInput[];
}

export interface PricedRepairJob {
  lines: { amount: Minor; net: Minor; tax: Minor; total: Minor }[];
  labour: Minor;
  parts: Minor;
  subtotal: Minor;
  tax: Minor;
  total: Minor;
}

export interface PricedRepairOrder {
  jobs: PricedRepairJob[];
  /** Everything quoted, whatever the customer said. */
  quoted: { subtotal: Minor; tax: Minor; total: Minor };
  /** What the customer pays: jobs not declined (pending ones count until answered). */
  subtotal: Minor;
  tax: Minor;
  total: Minor;
}

/**
 * Prices a repair order: every line through the till's own priceCart (same tax and rounding rule,
 * decision 004) as one unit of its amount; job totals add their lines and the order adds the jobs
 * not declined.
 */
export function priceRepairOrder(input: { jobs: RepairJobInput[]; pricesIncludeTax: boolean }): PricedRepairOrder {
  const jobs = input.jobs.map((job): PricedRepairJob => {
    const amounts = job.lines.map((line) => {
      if (line.kind === 'labour') return labourAmount(line.hoursHundredths, line.rate);
      if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) throw new MoneyError('quantity must be a positive whole number');
      assertMinor(line.unitPrice, 'unit price');
      if (line.unitPrice < 0) throw new MoneyError('a price cannot be negative');
      return assertMinor(line.unitPrice * line.quantity, 'line amount');
    });
    const cart = priceCart({
      lines: job.lines.map((line, index) => ({ unitPrice: amounts[index]!, quantity: 1, taxRateBasisPoints: line.taxRateBasisPoints })),
      pricesIncludeTax: input.pricesIncludeTax,
    });
    const sumKind = (kind: RepairLineInput['kind']) => job.lines.reduce((sum, line, index) => (line.kind === kind ? sum + amounts[index]! : sum), 0);
    return {
      lines: cart.lines.map((line, index) => ({ amount: amounts[index]!, net: line.net, tax: line.tax, total: line.total })),
      labour: sumKind('labour'),
      parts: sumKind('part'),
      subtotal: cart.subtotal,
      tax: cart.taxTotal,
      total: cart.total,
    };
  });
  const add = (list: PricedRepairJob[]) => ({
    subtotal: list.reduce((sum, job) => sum + job.subtotal, 0),
    tax: list.reduce((sum, job) => sum + job.tax, 0),
    total: list.reduce((sum, job) => sum + job.total, 0),
  });
  const payable = add(jobs.filter((_, index) => input.jobs[index]!.approval !== 'declined'));
  return { jobs, quoted: add(jobs), ...payable };
}

// ---------------------------------------------------------------------------------------------
// Inspection.

export const INSPECTION_CONDITIONS = ['green', 'yellow', 'red'] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];

/** The checklist a business starts with (it can replace it with its own). */
export const DEFAULT_INSPECTION_POINTS: readonly string[] = [
  'Front brakes',
  'Rear brakes',
  'Tyres and tread depth',
  'Lights and indicators',
  'Wipers and washers',
  'Battery',
  'Engine oil',
  'Coolant',
  'Brake fluid',
  'Suspension and steering',
  'Exhaust',
  'Belts and hoses',
];

/** Days an approval link stays open. */
export const APPROVAL_LINK_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// Technicians' clocks (decision 038).

/** Hundredths of an hour between a clock's start and stop, to the nearest 36 seconds; 0 when stop is not after start. */
export function clockedHundredths(startedAt: Date, stoppedAt: Date): number {
  const ms = stoppedAt.getTime() - startedAt.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.round(ms / 36_000);
}

/** A job's actual hours once a clock stops: what was recorded plus the clocked time, capped at 999.99 h (the hours field's limit). */
export function addClockedHours(actualHundredths: number | null, clocked: number): number {
  return Math.min(99_999, (actualHundredths ?? 0) + Math.max(0, clocked));
}
