export default defineContentScript({
  matches: ['http://127.0.0.1/*'],
  registration: 'runtime',
  main() {},
});
