// The demo bank's users: members of Summit Credit Union who launch Coverline from online banking,
// and the staff who sign in to Coverline's console. Passwords are the lab's, published here.
import { timingSafeEqual } from 'node:crypto';

const summitAddress = { street_address: '1420 Larimer St', locality: 'Denver', region: 'CO', postal_code: '80202', country: 'US' };

export const accounts = {
  // A member whose bank has verified her email.
  jane: {
    password: 'summit-jane-2026',
    claims: {
      email: 'jane.rivera@example.com',
      email_verified: true,
      name: 'Jane Rivera',
      given_name: 'Jane',
      family_name: 'Rivera',
      phone_number: '+1 303 555 0187',
      address: summitAddress,
    },
  },
  // A member whose email the bank has not verified: Coverline still asks for its code.
  sam: {
    password: 'summit-sam-2026',
    claims: {
      email: 'sam.okafor@example.com',
      email_verified: false,
      name: 'Sam Okafor',
      given_name: 'Sam',
      family_name: 'Okafor',
      phone_number: '+1 720 555 0143',
      address: { ...summitAddress, street_address: '2200 Blake St' },
    },
  },
  // Staff (the console): support works every institution's contracts (ana) or one's (sue); a manager sees their own
  // institution's programme; an admin manages institutions and integrators.
  ana: { password: 'support-ana-2026', claims: { email: 'ana.support@coverline.example', email_verified: true, name: 'Ana Support', given_name: 'Ana', family_name: 'Support', coverline_roles: ['support'] } },
  // Support at one credit union: sees only Lakeshore's members.
  sue: {
    password: 'support-sue-2026',
    claims: { email: 'sue.support@lakeshore-cu.example', email_verified: true, name: 'Sue Support', given_name: 'Sue', family_name: 'Support', coverline_roles: ['support'], coverline_institution: 'lakeshore-cu' },
  },
  max: {
    password: 'manager-max-2026',
    claims: { email: 'max.manager@summit-cu.example', email_verified: true, name: 'Max Manager', given_name: 'Max', family_name: 'Manager', coverline_roles: ['manager'], coverline_institution: 'summit-cu' },
  },
  lee: {
    password: 'manager-lee-2026',
    claims: { email: 'lee.manager@lakeshore-cu.example', email_verified: true, name: 'Lee Manager', given_name: 'Lee', family_name: 'Manager', coverline_roles: ['manager'], coverline_institution: 'lakeshore-cu' },
  },
  root: { password: 'admin-root-2026', claims: { email: 'root.admin@coverline.example', email_verified: true, name: 'Root Admin', given_name: 'Root', family_name: 'Admin', coverline_roles: ['admin'] } },
};

/** Whether `password` is the account `username`'s (compared in constant time). */
export function passwordMatches(username, password) {
  const account = username && Object.hasOwn(accounts, username) ? accounts[username] : undefined;
  if (!account || typeof password !== 'string') return false;
  const [a, b] = [Buffer.from(account.password), Buffer.from(password)];
  return a.length === b.length && timingSafeEqual(a, b);
}
