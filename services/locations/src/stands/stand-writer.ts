import { randomUUID } from 'node:crypto';
import { type StandWrite } from '@coffee-guide/contracts';
import { CLOSED_WEEK, slugify, standLabel } from '@coffee-guide/domain';
import { isUniqueViolation, ValidationFailed } from '@coffee-guide/nest-common';
import { likeLiteral } from '@coffee-guide/nest-common/typeorm';
import { ConflictException, Injectable } from '@nestjs/common';
import { Not, type EntityManager } from 'typeorm';
import { SQL_DISTANCE_MILES, zipPoint, type Point } from '../geo/geo';
import { STATE_TIME_ZONES, TIME_ZONE_NEIGHBOUR_MILES } from '../geo/time-zones';
import { StandEntity } from './stand.entity';

/** The provenance fields the write sends; those left out are kept. */
function provenanceChanges(input: StandWrite): Partial<Pick<StandEntity, 'source' | 'asOf' | 'estimated'>> {
  const changes: Partial<Pick<StandEntity, 'source' | 'asOf' | 'estimated'>> = {};
  if (input.source !== undefined) changes.source = input.source;
  if (input.asOf !== undefined) changes.asOf = input.asOf;
  if (input.estimated !== undefined) changes.estimated = input.estimated;
  return changes;
}

/**
 * Writes of the admin, inside the caller's transaction. What is derived is derived here: the city's
 * spelling and slug (one spelling per city), the stand's slug (unique within its city), coordinates from the
 * ZIP when none are given, and the time zone from the nearest stand of the state when none is given.
 */
@Injectable()
export class StandWriter {
  async create(manager: EntityManager, input: StandWrite): Promise<StandEntity> {
    const point = this.pointOf(input, null);
    const stand = manager.create(StandEntity, {
      // A placeholder until the id is known; the code is then "OR-1086" (the importer's codes have no hyphen).
      code: `new-${randomUUID().slice(0, 16)}`,
      storeNumber: input.storeNumber ?? null,
      phone: input.phone ? input.phone : null,
      hours: input.hours ?? CLOSED_WEEK,
      amenities: input.amenities ?? [],
      isOpen: input.isOpen ?? true,
      notes: input.notes ?? [],
      ...provenanceChanges(input),
    });
    await this.apply(manager, stand, input, point);
    const saved = await this.save(manager, stand);
    await manager.update(StandEntity, { id: saved.id }, { code: `${saved.state}-${saved.id}` });
    return manager.findOneOrFail(StandEntity, { where: { id: saved.id } });
  }

  /**
   * Many new stands at once (a CSV import): the same derivations as `create`, with one read of the states'
   * cities and slugs, inserts in batches, and one update of the codes.
   */
  async createMany(manager: EntityManager, inputs: StandWrite[]): Promise<number[]> {
    if (!inputs.length) return [];
    const states = [...new Set(inputs.map((i) => i.state))];
    const existing: { state: string; city: string; city_slug: string; slug: string }[] = await manager.query(
      `SELECT state, city, city_slug, slug FROM stands WHERE state = ANY($1) ORDER BY id`,
      [states],
    );
    const cityOf = new Map<string, string>();
    const taken = new Set<string>();
    for (const r of existing) {
      const key = `${r.state}|${r.city_slug}`;
      if (!cityOf.has(key)) cityOf.set(key, r.city);
      taken.add(`${key}|${r.slug}`);
    }
    const rows: Partial<StandEntity>[] = [];
    for (const input of inputs) {
      const point = this.pointOf(input, null);
      const citySlug = slugify(input.city);
      if (!citySlug) throw new ValidationFailed({ city: 'must contain letters or digits' });
      const cityKey = `${input.state}|${citySlug}`;
      const city = cityOf.get(cityKey) ?? input.city;
      cityOf.set(cityKey, city);
      const base = slugify(standLabel({ name: input.name, city })) || slugify(input.address) || 'stand';
      let slug = base;
      for (let n = 2; taken.has(`${cityKey}|${slug}`); n++) slug = `${base}-${n}`;
      taken.add(`${cityKey}|${slug}`);
      rows.push({
        code: `new-${randomUUID().slice(0, 16)}`,
        storeNumber: input.storeNumber || null,
        phone: input.phone ? input.phone : null,
        hours: input.hours ?? CLOSED_WEEK,
        amenities: input.amenities ?? [],
        isOpen: input.isOpen ?? true,
        notes: input.notes ?? [],
        ...provenanceChanges(input),
        name: input.name,
        address: input.address,
        city,
        citySlug,
        state: input.state,
        zipCode: input.zipCode,
        latitude: point.latitude,
        longitude: point.longitude,
        slug,
        timeZone: input.timeZone ?? (await this.timeZoneNear(manager, input.state, point, 0)),
      });
    }
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const result = await manager.insert(StandEntity, rows.slice(i, i + 500) as StandEntity[]);
      ids.push(...result.identifiers.map((r) => Number(r.id)));
    }
    await manager.query(`UPDATE stands SET code = state || '-' || id WHERE id = ANY($1)`, [ids]);
    return ids;
  }

  async update(manager: EntityManager, stand: StandEntity, input: StandWrite): Promise<StandEntity> {
    if (this.samePlace(stand, input)) return this.updateDetails(manager, stand, input);
    const zipChanged = input.zipCode !== stand.zipCode;
    const point = this.pointOf(input, zipChanged ? null : stand);
    const moved =
      point.latitude !== stand.latitude || point.longitude !== stand.longitude || input.state !== stand.state;
    if (input.storeNumber !== undefined) stand.storeNumber = input.storeNumber || null;
    if (input.phone !== undefined) stand.phone = input.phone || null;
    if (input.hours !== undefined) stand.hours = input.hours;
    if (input.amenities !== undefined) stand.amenities = input.amenities;
    if (input.isOpen !== undefined) stand.isOpen = input.isOpen;
    if (input.notes !== undefined) stand.notes = input.notes;
    Object.assign(stand, provenanceChanges(input));
    await this.apply(manager, stand, input, point, moved);
    return this.save(manager, stand);
  }

  /** Nothing that names or places the stand changes (its hours, say): its slug, city and time zone stay. */
  private samePlace(stand: StandEntity, input: StandWrite): boolean {
    return (
      input.name === stand.name &&
      input.address === stand.address &&
      input.city === stand.city &&
      input.state === stand.state &&
      input.zipCode === stand.zipCode &&
      (input.latitude == null || input.latitude === stand.latitude) &&
      (input.longitude == null || input.longitude === stand.longitude) &&
      (input.timeZone === undefined || input.timeZone === stand.timeZone)
    );
  }

  /** The details only, in one UPDATE (a bulk edit of a thousand stands' hours stays quick). */
  private async updateDetails(manager: EntityManager, stand: StandEntity, input: StandWrite): Promise<StandEntity> {
    const changes: Partial<StandEntity> = {};
    if (input.storeNumber !== undefined) changes.storeNumber = input.storeNumber || null;
    if (input.phone !== undefined) changes.phone = input.phone || null;
    if (input.hours !== undefined) changes.hours = input.hours;
    if (input.amenities !== undefined) changes.amenities = input.amenities;
    if (input.isOpen !== undefined) changes.isOpen = input.isOpen;
    if (input.notes !== undefined) changes.notes = input.notes;
    Object.assign(changes, provenanceChanges(input));
    Object.assign(stand, changes);
    if (Object.keys(changes).length) await manager.update(StandEntity, { id: stand.id }, changes as never);
    return stand;
  }

  private async save(manager: EntityManager, stand: StandEntity): Promise<StandEntity> {
    try {
      return await manager.save(StandEntity, stand);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(
          'Another location was saved with the same name in this city at the same time; try again',
        );
      }
      throw error;
    }
  }

  /** Given coordinates; else the kept ones (same ZIP); else the ZIP's centre; else a 400. */
  private pointOf(input: StandWrite, keep: StandEntity | null): Point {
    if (input.latitude != null && input.longitude != null)
      return { latitude: input.latitude, longitude: input.longitude };
    if (keep) return { latitude: keep.latitude, longitude: keep.longitude };
    const zip = zipPoint(input.zipCode);
    if (!zip) {
      const message = `is required: ZIP ${input.zipCode} is not in the ZIP database, so the position cannot be derived`;
      throw new ValidationFailed({ latitude: message, longitude: message });
    }
    return { latitude: zip.latitude, longitude: zip.longitude };
  }

  private async apply(
    manager: EntityManager,
    stand: StandEntity,
    input: StandWrite,
    point: Point,
    moved = true,
  ): Promise<void> {
    const citySlug = slugify(input.city);
    if (!citySlug) throw new ValidationFailed({ city: 'must contain letters or digits' });
    // One spelling per city: a city the state already has keeps its spelling ("grants pass" -> "Grants Pass").
    const known = await manager.findOne(StandEntity, {
      select: { id: true, city: true },
      where: stand.id ? { state: input.state, citySlug, id: Not(stand.id) } : { state: input.state, citySlug },
      order: { id: 'ASC' },
    });
    stand.name = input.name;
    stand.address = input.address;
    stand.city = known?.city ?? input.city;
    stand.citySlug = citySlug;
    stand.state = input.state;
    stand.zipCode = input.zipCode;
    stand.latitude = point.latitude;
    stand.longitude = point.longitude;
    stand.slug = await this.uniqueSlug(
      manager,
      stand,
      standLabel({ name: input.name, city: stand.city }),
      input.address,
    );
    if (input.timeZone) stand.timeZone = input.timeZone;
    else if (moved || !stand.timeZone)
      stand.timeZone = await this.timeZoneNear(manager, stand.state, point, stand.id ?? 0);
  }

  private async uniqueSlug(
    manager: EntityManager,
    stand: StandEntity,
    label: string,
    address: string,
  ): Promise<string> {
    const base = slugify(label) || slugify(address) || 'stand';
    const rows: { slug: string }[] = await manager.query(
      `SELECT slug FROM stands WHERE state = $1 AND city_slug = $2 AND id <> $3 AND (slug = $4 OR slug LIKE $5)`,
      [stand.state, stand.citySlug, stand.id ?? 0, base, `${likeLiteral(base)}-%`],
    );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  private async timeZoneNear(manager: EntityManager, state: string, point: Point, selfId: number): Promise<string> {
    const rows: { time_zone: string }[] = await manager.query(
      `SELECT s.time_zone FROM stands s
       WHERE s.state = $3 AND s.id <> $4 AND ${SQL_DISTANCE_MILES} <= $5
       ORDER BY ${SQL_DISTANCE_MILES} LIMIT 1`,
      [point.latitude, point.longitude, state, selfId, TIME_ZONE_NEIGHBOUR_MILES],
    );
    return rows[0]?.time_zone ?? STATE_TIME_ZONES[state] ?? 'America/Los_Angeles';
  }
}
