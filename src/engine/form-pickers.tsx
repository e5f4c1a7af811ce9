/**
 * antd-mobile's Picker and DatePicker (about 40 KB gzipped with their wheel and gesture code), in
 * their own chunk: form.tsx loads it the first time a select or date field opens its picker, so a
 * form without one (login, register) does not pay for it.
 */
export { DatePicker, Picker } from 'antd-mobile';
