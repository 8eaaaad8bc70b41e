/// The parts of a package manifest the checker needs, decoded from `swift package dump-package`.
public struct PackageManifest: Equatable, Sendable, Decodable {
  /// A package this package depends on.
  public struct Dependency: Equatable, Sendable {
    /// How the dependency is located.
    public enum Kind: String, Sendable {
      /// `.package(path:)`: a folder on disk, the only kind Fun allows.
      case fileSystem
      /// `.package(url:…)`: a Git repository.
      case sourceControl
      /// `.package(id:…)`: a package registry.
      case registry
    }

    /// How the dependency is located.
    public let kind: Kind
    /// SwiftPM's identity for it (`core`, `swift-algorithms`, `scope.name`).
    public let identity: String
    /// The path or URL, when there is one.
    public let location: String?
  }

  /// A product and the targets it exposes.
  public struct Product: Equatable, Sendable, Decodable {
    /// The product name.
    public let name: String
    /// The targets (modules) in it.
    public let targets: [String]
  }

  /// A target dependency as the manifest spells it.
  public enum TargetDependency: Equatable, Sendable {
    /// `"Name"`: a target of this package or a product of a dependency.
    case byName(String)
    /// `.target(name:)`.
    case target(String)
    /// `.product(name:package:)`.
    case product(name: String, package: String?)
  }

  /// A target.
  public struct Target: Equatable, Sendable, Decodable {
    /// The target name.
    public let name: String
    /// `regular`, `executable`, `test`, `plugin`, `macro`, `system`, `binary`.
    public let type: String
    /// The custom `path:`, relative to the package, if given.
    public let path: String?
    /// What it depends on.
    public let dependencies: [TargetDependency]

    /// Whether it is a test target.
    public var isTest: Bool { type == "test" }

    /// Its folder relative to the package: `path:` or SwiftPM's default.
    public var directory: String {
      path ?? "\(RepositorySnapshot.SourceFolder(targetType: type).rawValue)/\(name)"
    }
  }

  /// The package name.
  public let name: String
  /// Its package dependencies.
  public let dependencies: [Dependency]
  /// Its products.
  public let products: [Product]
  /// Its targets.
  public let targets: [Target]
}

extension PackageManifest.Dependency: Decodable {
  /// dump-package writes `{"fileSystem": [{"identity": …, "path": …}]}`,
  /// `{"sourceControl": [{"identity": …, "location": {"remote": [{"urlString": …}]}}]}` or
  /// `{"registry": [{"identity": …}]}`.
  private struct Details: Decodable {
    struct Location: Decodable {
      struct Remote: Decodable {
        let urlString: String
      }

      let remote: [Remote]?
      let local: [String]?
    }

    let identity: String
    let path: String?
    let location: Location?
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let wrapped = try container.decode([String: [Details]].self)
    guard let (key, values) = wrapped.first, let details = values.first else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "empty package dependency")
    }
    guard let kind = Kind(rawValue: key) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown dependency kind \(key)")
    }
    self.kind = kind
    self.identity = details.identity
    self.location = details.path ?? details.location?.remote?.first?.urlString ?? details.location?.local?.first
  }
}

extension PackageManifest.TargetDependency: Decodable {
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init?(intValue: Int) {
      nil
    }
  }

  /// dump-package writes `{"byName": ["Name", condition]}`, `{"target": ["Name", condition]}`
  /// or `{"product": ["Name", "Package", moduleAliases, condition]}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty dependency"))
    }
    var values = try container.nestedUnkeyedContainer(forKey: key)
    let name = try values.decode(String.self)
    switch key.stringValue {
    case "byName":
      self = .byName(name)
    case "target":
      self = .target(name)
    case "product":
      self = .product(name: name, package: try values.decodeIfPresent(String.self))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: container,
        debugDescription: "unknown target dependency kind \(key.stringValue)"
      )
    }
  }
}
