/**
 * What each filter of FILTERS (bindings.ts) does, for docs/WIDGETS.md (written by `npm run gen:types`,
 * which refuses a filter without an entry here or an entry for a filter that does not exist).
 * Not imported by the app: it costs the bundle nothing.
 */
export const FILTER_DOCS: Readonly<Record<string, { does: string; example: string }>> = {
  money: { does: 'an amount: two decimals rounded down, thousands separated from const.moneyGroupFrom; `money:short` in 万/亿 from const.moneyShortFrom (tight spots only)', example: '{{user.balance | money}}' },
  number: { does: 'the value as a number (0 when it is none)', example: '{{query.type | number}}' },
  default: { does: 'the argument (text or number) when the value is missing or empty', example: '{{query.type | default:1}}' },
  or: { does: 'the value at another path when the value is missing or empty', example: '{{data.range.min_price | or:const.depositMinBank}}' },
  lookup: { does: 'a field of the entry of a list whose key equals the value (`listPath,key,field`; without field the entry)', example: '{{form.bank | lookup:data.cards,id,bank_owner}}' },
  map: { does: 'the word of an app.json map for the value (its `default` or `*` entry when it has none)', example: '{{item.state | map:depositState}}' },
  label: { does: 'the word of an app.json map for the value, else the value itself', example: '{{item.name | label:platformName}}' },
  mask: { does: 'a card number with only its last 4 digits shown', example: '{{item.bank_no | mask}}' },
  last4: { does: 'the last 4 characters', example: '{{item.bank_no | last4}}' },
  len: { does: 'the length of a list or text (0 otherwise)', example: '{{data.bank | len}}' },
  appPath: { does: 'a path inside the app, or empty (a redirect never leaves the app)', example: '{{query.redirect | appPath | default:/}}' },
  mb: { does: 'a number of bytes in megabytes (up to two decimals)', example: '{{const.avatarMaxBytes | mb}}' },
  url: { does: 'the value url-encoded, for a query in a `to`', example: '/transfer?code={{item.platname | url}}' },
};
