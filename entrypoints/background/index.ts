export default defineBackground(() => {
  console.log('background up');
});
