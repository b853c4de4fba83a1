/**
 * A number for each object, for cache keys: the same object always gets the same number, no
 * number is given twice (a key never matches an object that came after a freed one), and the
 * objects are not kept alive by it.
 */
export class ObjectIds {
  private readonly ids = new WeakMap<object, number>();
  private next = 1;

  of(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(o, id);
    }
    return id;
  }
}
