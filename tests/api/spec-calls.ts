/**
 * The calls the product specification names (its section 7, "the calls it makes"): method and path,
 * in the specification's order, kept by hand. tests/api/catalogue.test.ts holds the endpoint
 * catalogue (src/api/catalogue.ts) to this list: every call here must be in the catalogue, and a
 * call of the catalogue that is not here must say why (`beyondSpec`, docs/DEVELOPING.md "A call
 * beyond SPEC.md"). Never generate this list from the catalogue (a test that compares the catalogue
 * with a copy of itself cannot fail): change it only when the specification changes. The calls as
 * the app makes them, with payloads and replies, are docs/API.md (generated from the catalogue).
 */
export const SPEC_CALLS = [
  'GET /api/getVisitUrl', // the address a "visit" opens
  'GET /api/game/list', // the game platforms of the home page's categories
  'POST /api/app', // the site's settings: name, switches, maintenance text, download links
  'POST /api/logoff', // ends the session
  'POST /api/balance', // the central wallet, polled while a member is logged in
  'POST /api/user', // the member
  'POST /api/refreshusermoney', // the member's money, refreshed
  'POST /api/transall', // brings every venue's balance back to the central wallet
  'POST /api/bannerList', // the banners
  'POST /api/homenotice', // the scrolling announcements
  'POST /api/getservicerurl', // customer service's address
  'GET /api/getAgentLoginUrl', // the agent back office's address
  'POST /api/getGameUrl', // the address a game is played at
  'GET /api/userredpacket', // the member's red packets: left, claimed, rules
  'POST /api/douserredpacket', // claims a red packet
  'POST /api/redpacket', // the red packets claimed, paged
  'POST /api/activitytype', // the kinds of promotion
  'POST /api/activitylist', // the promotions
  'POST /api/activitydeatil', // one promotion (the path's spelling is the backend's)
  'POST /api/doactivityapply', // applies for a promotion
  'POST /api/activityApplyLog', // the member's applications, paged
  'POST /api/uploadimg', // the avatar, as a multipart upload
  'POST /api/uservip', // the ten VIP levels
  'POST /api/login_pc', // logs in
  'POST /api/register', // registers
  'POST /api/applyagentdo', // applies to become an agent
  'POST /api/article', // a help-centre article
  'POST /api/noticeList', // announcements and in-site messages, paged
  'POST /api/balancelist', // every venue's balance
  'POST /api/getfanshui', // rebates: the list and the totals
  'POST /api/dofanshui', // claims the pending rebate
  'POST /api/updateuserinfo', // saves the profile
  'POST /api/getcard', // the bound bank cards or USDT addresses
  'POST /api/delcard', // unbinds one
  'POST /api/bindcard', // binds one
  'POST /api/banklist', // the banks a card may be of
  'POST /api/editPassword', // changes the login password
  'POST /api/editPayPassword', // changes the pay password
  'POST /api/betrecord', // bets, paged
  'POST /api/venuelist', // bets summed per venue and game type, paged
  'POST /api/gettransrecord', // deposits, withdrawals and transfers, paged
  'POST /api/getPayRange', // the smallest and largest deposit of a method
  'GET /api/get_pay_way', // the deposit methods switched on
  'POST /api/recharge', // starts a deposit
  'POST /api/getpaybank', // the accounts a bank deposit is paid into
  'POST /api/payinfo', // one deposit, for its pay page
  'POST /api/paycode', // the red-packet code of an Alipay deposit
  'POST /api/getBetAmount', // the turnover counted towards withdrawing
  'POST /api/withdraw', // withdraws
  'POST /api/transfer', // moves money between the central wallet and a venue
  'POST /api/uptransferstatus', // switches automatic transfer
  'POST /api/gamelistBycode', // one provider's games
] as const;
