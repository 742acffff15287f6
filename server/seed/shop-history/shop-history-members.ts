import { formatDateTime } from '../../core/db/time.js';
import { addHours, at, earlier, GIVEN, pad, PLACES, STREETS, SURNAMES } from './shop-history-data.js';
import type { Generation } from './shop-history.js';

/** One new member of the generated shop history (shop-history.ts): the user, their address and a level audit. */

/** A member who joins on `day` (nothing after `now`); active members become buyers of later orders. */
export function addMember(g: Generation, day: Date): void {
  const id = g.next.member;
  g.next.member += 1;
  const created = at(day, g.rnd.int(7, 23), g.rnd.int(0, 59), g.rnd.int(0, 59));
  if (created > g.now) return;
  const levelType = g.rnd.weighted([
    [0, 60],
    [1, 20],
    [2, 12],
    [3, 6],
    [4, 2],
  ]);
  const nickName = `${g.rnd.pick(SURNAMES)}${g.rnd.pick(GIVEN)}`;
  const phone = `139${pad(id, 8)}`;
  const [province, city, districts] = g.rnd.pick(PLACES);
  const district = g.rnd.pick(districts);
  const { rnd } = g;
  const street = `${rnd.pick(STREETS)}${rnd.int(1, 399)}号${rnd.int(1, 30)}栋${rnd.int(1, 32)}${pad(rnd.int(1, 8))}`;
  const status = g.rnd.next() < 0.03 ? 0 : 1;
  const time = formatDateTime(created);
  g.out.members.push({
    id,
    unionid: `oJy${pad(id, 8)}${Math.floor(g.rnd.next() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`,
    avatarUrl: null,
    nickName,
    phone,
    gender: g.rnd.weighted([
      [0, 1],
      [1, 4],
      [2, 5],
    ]),
    status,
    loginType: g.rnd.weighted([
      [0, 6],
      [1, 2],
      [2, 2],
    ]),
    loginUniqueID: `seed_${id}`,
    description: null,
    levelType,
    birthday: `${g.rnd.int(1965, 2004)}-${pad(g.rnd.int(1, 12))}-${pad(g.rnd.int(1, 28))}`,
    balance: g.rnd.next() < 0.2 ? g.rnd.int(1, 50) * 1000 : 0,
    createTime: time,
    updateTime: time,
  });
  g.out.addresses.push({
    id,
    userId: id,
    contact: nickName,
    phone,
    province,
    city,
    district,
    address: street,
    isDefault: 1,
    createTime: time,
    updateTime: time,
  });
  if (status === 1)
    g.buyers.push({ id, nickName, levelType, addressId: id, address: `${province}${city}${district}${street}`, phone });
  if (levelType >= 2 && g.rnd.next() < 0.7) {
    const reviewed = addHours(created, g.rnd.int(2, 48));
    g.out.auditUsers.push({
      userId: id,
      levelId: g.levelIdOf.get(levelType) ?? null,
      status: 1,
      remark: '累计消费达标，升级会员等级。',
      applicantId: 1,
      reviewerId: 1,
      reviewTime: formatDateTime(earlier(reviewed, g.now)),
      createTime: time,
      updateTime: time,
    });
  }
}
