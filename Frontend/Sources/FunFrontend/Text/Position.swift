import FunModel

extension Localizer {
  /// Where one is among `count`, `12/37`, with both numbers written for the language
  /// (`1/1,000,000`, German `1/1.000.000`): a list's selection, a carousel's page, a category.
  func position(_ number: Int, of count: Int) -> String {
    "\(format(number))/\(format(count))"
  }
}
