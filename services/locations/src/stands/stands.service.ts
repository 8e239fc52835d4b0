import {
  ADMIN_MESSAGES,
  ADMIN_ROW_NAMES,
  type AdminLocation,
  type Location,
  type StandWrite,
} from '@coffee-guide/contracts';
import { US_STATES, stateName, slugify } from '@coffee-guide/domain';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
import { likeLiteral } from '@coffee-guide/nest-common/typeorm';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { SQL_DISTANCE_MILES, centroid, cityPoint, zipPoint, type Point } from '../geo/geo';
import { StandEntity } from './stand.entity';
import { toAdminLocation, toLocation, validUntilOf, type LocationView } from './stand.mapper';
import { StandWriter } from './stand-writer';

/** An answer of locations and until when its open-now fields hold (the `x-valid-until` header). */
export interface LocationsAnswer {
  locations: Location[];
  validUntil: Date | null;
}

/** Miles around a searched ZIP or city within which stands are listed. */
export const SEARCH_RADIUS_MILES = 30;
/** A search near a point answers at least this many stands, however far (a ZIP with no stand nearby). */
export const SEARCH_MIN_RESULTS = 10;
export const SEARCH_MAX_RESULTS = 50;

interface NearOptions {
  radiusMiles: number;
  min: number;
  max: number;
  /** Stands of this city are listed whatever their distance. */
  city?: { state: string; citySlug: string };
}

const ORDER = { state: 'ASC', citySlug: 'ASC', name: 'ASC', id: 'ASC' } as const;

/** A state code from "or", "OR" or "Oregon"; undefined otherwise. */
export function stateCodeOf(text: string): string | undefined {
  const t = text.trim().replace(/\.$/, '');
  if (/^[a-z]{2}$/i.test(t)) return stateName(t) ? t.toUpperCase() : undefined;
  const lower = t.toLowerCase();
  return Object.keys(US_STATES).find((code) => US_STATES[code].toLowerCase() === lower);
}

@Injectable()
export class StandsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly writer: StandWriter,
  ) {}

  private get repo() {
    return this.db.getRepository(StandEntity);
  }

  private answer(views: LocationView[]): LocationsAnswer {
    return { locations: views.map((v) => v.location), validUntil: validUntilOf(views) };
  }

  private answerOf(stands: StandEntity[], at: Date, miles?: Map<number, number>): LocationsAnswer {
    return this.answer(stands.map((s) => toLocation(s, at, miles?.get(s.id) ?? null)));
  }

  async list(at: Date): Promise<LocationsAnswer> {
    return this.answerOf(await this.repo.find({ order: ORDER }), at);
  }

  /** `/locations/:state`: a known code answers its stands (maybe none); anything else is a 404. */
  async byState(raw: string, at: Date): Promise<LocationsAnswer> {
    const code = /^[a-z]{2}$/i.test(raw) && stateName(raw) ? raw.toUpperCase() : undefined;
    if (!code) throw new NotFoundException(`Unknown state: ${raw}`);
    return this.answerOf(await this.repo.find({ where: { state: code }, order: ORDER }), at);
  }

  /** `/locations/:state/:city`: the whole city name as a slug ("north-las-vegas"). */
  async byCity(rawState: string, rawCity: string, at: Date): Promise<LocationsAnswer> {
    const code = /^[a-z]{2}$/i.test(rawState) && stateName(rawState) ? rawState.toUpperCase() : undefined;
    if (!code) throw new NotFoundException(`Unknown state: ${rawState}`);
    const citySlug = slugify(rawCity);
    const stands = citySlug ? await this.repo.find({ where: { state: code, citySlug }, order: ORDER }) : [];
    if (stands.length === 0) throw new NotFoundException(`No locations in ${rawCity}, ${stateName(code)}`);
    return this.answerOf(stands, at);
  }

  async stand(id: number, at: Date): Promise<LocationsAnswer & { location: Location }> {
    const stand = await this.repo.findOne({ where: { id } });
    if (!stand) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.locations, id));
    const view = toLocation(stand, at);
    return { location: view.location, locations: [view.location], validUntil: view.validUntil };
  }

  /** The nearest stands to a point, nearest first. */
  async near(point: Point, limit: number, at: Date): Promise<LocationsAnswer> {
    return this.nearPoint(point, { radiusMiles: 0, min: limit, max: limit }, at);
  }

  private async nearPoint(point: Point, options: NearOptions, at: Date): Promise<LocationsAnswer> {
    const rows: { id: number; miles: number }[] = await this.db.query(
      `SELECT id, miles FROM (
         SELECT s.id, s.state, s.city_slug, ${SQL_DISTANCE_MILES} AS miles,
                row_number() OVER (ORDER BY ${SQL_DISTANCE_MILES}, s.id) AS rank
         FROM stands s
       ) d
       WHERE miles <= $3 OR rank <= $4 OR (state = $5 AND city_slug = $6)
       ORDER BY miles, id
       LIMIT $7`,
      [
        point.latitude,
        point.longitude,
        options.radiusMiles,
        options.min,
        options.city?.state ?? '',
        options.city?.citySlug ?? '',
        options.max,
      ],
    );
    if (rows.length === 0) return { locations: [], validUntil: null };
    const byId = new Map((await this.repo.find({ where: { id: In(rows.map((r) => r.id)) } })).map((s) => [s.id, s]));
    const miles = new Map(rows.map((r) => [r.id, Number(r.miles)]));
    return this.answerOf(
      rows.map((r) => byId.get(r.id)).filter((s): s is StandEntity => Boolean(s)),
      at,
      miles,
    );
  }

  /**
   * Search understands, in this order: a ZIP (its centre, nearest stands first, even when none is in that
   * ZIP); "city, ST" (or "city, State"); a state name or code (that state's stands); a city name (its
   * stands' centre, or the ZIP database's); "City ST" without the comma; else a stand's name or address.
   */
  async search(raw: string, at: Date): Promise<LocationsAnswer> {
    const q = raw.replace(/\s+/g, ' ').trim().slice(0, 100);
    if (!q) return { locations: [], validUntil: null };

    const zip = /^(\d{5})(?:-\d{4})?$/.exec(q);
    if (zip) {
      const point = zipPoint(zip[1]);
      if (point)
        return this.nearPoint(
          point,
          { radiusMiles: SEARCH_RADIUS_MILES, min: SEARCH_MIN_RESULTS, max: SEARCH_MAX_RESULTS },
          at,
        );
      return this.answerOf(await this.repo.find({ where: { zipCode: zip[1] }, order: ORDER }), at);
    }

    const comma = q.lastIndexOf(',');
    if (comma > 0) {
      const state = stateCodeOf(q.slice(comma + 1).replace(/\s+\d{5}(-\d{4})?$/, ''));
      const city = q.slice(0, comma).trim();
      if (state && city) {
        const found = await this.cityAnswer(city, state, at);
        if (found) return found;
      }
    }

    const state = stateCodeOf(q);
    if (state) return this.answerOf(await this.repo.find({ where: { state }, order: ORDER }), at);

    const city = await this.cityAnywhere(q, at);
    if (city) return city;

    // "Grants Pass OR", "Salt Lake City Utah".
    const words = q.split(' ');
    for (let cut = words.length - 1; cut >= 1; cut--) {
      const suffixState = stateCodeOf(words.slice(cut).join(' '));
      if (!suffixState) continue;
      const found = await this.cityAnswer(words.slice(0, cut).join(' '), suffixState, at);
      if (found) return found;
    }

    const byZipDatabase = await this.cityFromZipDatabase(q, at);
    if (byZipDatabase) return byZipDatabase;

    const like = `%${likeLiteral(q.toLowerCase())}%`;
    const stands = await this.repo
      .createQueryBuilder('s')
      .where(
        'lower(s.name) LIKE :like OR lower(s.address) LIKE :like OR lower(s.city) LIKE :like OR s.store_number ILIKE :exact',
        {
          like,
          exact: likeLiteral(q),
        },
      )
      .orderBy('s.state')
      .addOrderBy('s.city_slug')
      .addOrderBy('s.name')
      .addOrderBy('s.id')
      .limit(SEARCH_MAX_RESULTS)
      .getMany();
    return this.answerOf(stands, at);
  }

  /** A city of a state: its stands and the ones around, ranked from its centre; null when it is unknown. */
  private async cityAnswer(city: string, state: string, at: Date): Promise<LocationsAnswer | null> {
    const citySlug = slugify(city);
    if (!citySlug) return null;
    const stands = await this.repo.find({ where: { state, citySlug } });
    const point = centroid(stands) ?? cityPoint(city, state);
    if (!point) return null;
    return this.nearPoint(
      point,
      {
        radiusMiles: SEARCH_RADIUS_MILES,
        min: stands.length ? 0 : SEARCH_MIN_RESULTS,
        max: Math.max(SEARCH_MAX_RESULTS, stands.length),
        city: { state, citySlug },
      },
      at,
    );
  }

  /** A city name without a state: the state where most of the stands of that city name are. */
  private async cityAnywhere(q: string, at: Date): Promise<LocationsAnswer | null> {
    const citySlug = slugify(q);
    if (!citySlug) return null;
    const rows: { state: string; n: string }[] = await this.db.query(
      `SELECT state, count(*) AS n FROM stands WHERE city_slug = $1 GROUP BY state ORDER BY count(*) DESC, state LIMIT 1`,
      [citySlug],
    );
    return rows.length ? this.cityAnswer(q, rows[0].state, at) : null;
  }

  /** A city without stands, found in the ZIP database among the states that have stands (most stands first). */
  private async cityFromZipDatabase(q: string, at: Date): Promise<LocationsAnswer | null> {
    if (!/^[a-z .'-]{3,60}$/i.test(q)) return null;
    const states: { state: string }[] = await this.db.query(
      `SELECT state FROM stands GROUP BY state ORDER BY count(*) DESC, state`,
    );
    for (const { state } of states) {
      const point = cityPoint(q, state);
      if (point) {
        return this.nearPoint(
          point,
          { radiusMiles: SEARCH_RADIUS_MILES, min: SEARCH_MIN_RESULTS, max: SEARCH_MAX_RESULTS },
          at,
        );
      }
    }
    return null;
  }

  // --- admin ---------------------------------------------------------------------------------------------

  async adminList(at: Date): Promise<AdminLocation[]> {
    return (await this.repo.find({ order: ORDER })).map((s) => toAdminLocation(s, at));
  }

  async create(actor: AuditActor, input: StandWrite, at: Date): Promise<AdminLocation> {
    return this.db.transaction(async (manager) => {
      const after = toAdminLocation(await this.writer.create(manager, input), at);
      await recordAudit(manager, actor, {
        entity: 'location',
        entityId: after.id,
        action: 'create',
        before: null,
        after,
      });
      return after;
    });
  }

  async update(actor: AuditActor, id: number, input: StandWrite, at: Date): Promise<AdminLocation> {
    return this.db.transaction(async (manager) => {
      const stand = await manager.findOne(StandEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!stand) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.locations, id));
      // A copy: the writer changes the entity in place.
      const before = structuredClone(toAdminLocation(stand, at));
      const after = toAdminLocation(await this.writer.update(manager, stand, input), at);
      await recordAudit(manager, actor, { entity: 'location', entityId: id, action: 'update', before, after });
      return after;
    });
  }

  async remove(actor: AuditActor, id: number, at: Date): Promise<{ id: number; deleted: true }> {
    return this.db.transaction(async (manager: EntityManager) => {
      const stand = await manager.findOne(StandEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!stand) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.locations, id));
      const before = toAdminLocation(stand, at);
      await manager.delete(StandEntity, { id });
      await recordAudit(manager, actor, { entity: 'location', entityId: id, action: 'delete', before, after: null });
      return { id, deleted: true as const };
    });
  }
}
