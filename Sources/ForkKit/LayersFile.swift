import Foundation

/// The few facts fork-kit reads from the rules table, `layers.json`: each layer's modules and
/// executables. (The layering checker owns the table's meaning; this only looks names up.)
struct LayersFile {
  private let layers: [[String: Any]]

  /// The table at the root of the tree at `root`.
  init(root: URL) throws(ForkKitError) {
    let text = try TreeFile.text(at: root.appending(path: "layers.json"))
    let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
    guard let table = object as? [String: Any], let layers = table["layers"] as? [[String: Any]] else {
      throw .unreadableTree("layers.json has no \"layers\" list")
    }
    self.layers = layers
  }

  /// The first module of the layer named `layer`.
  func firstModule(ofLayer layer: String) -> String? {
    first("modules", ofLayer: layer)
  }

  /// The first executable of the layer named `layer`.
  func firstExecutable(ofLayer layer: String) -> String? {
    first("executables", ofLayer: layer)
  }

  private func first(_ field: String, ofLayer layer: String) -> String? {
    let entry = layers.first { $0["name"] as? String == layer }
    return (entry?[field] as? [String])?.first
  }
}
