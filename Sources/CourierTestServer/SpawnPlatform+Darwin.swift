// Where posix_spawn(3) differs between Linux (Glibc) and Apple platforms (Darwin), for
// ``ChildProcess``. The Darwin branches are never compiled on the Linux machines Courier is
// developed on; they follow Apple's posix_spawn(2) and posix_spawnattr_setflags(3) manual pages
// (developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/):
// - the file actions and attributes are `posix_spawn_file_actions_t` and `posix_spawnattr_t`,
//   opaque pointers that the `_init` calls allocate, so they start as `nil`;
// - POSIX_SPAWN_CLOEXEC_DEFAULT (an Apple extension) closes in the child every descriptor no file
//   action names, and posix_spawn_file_actions_addinherit_np names one to keep as it is.
// glibc has neither: its posix_spawn_file_actions_addclosefrom_np (2.34 and later) closes every
// descriptor from a number on; Swift's Glibc module leaves it out (spawn.h declares it only under
// _GNU_SOURCE), so it is looked up at run time.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The posix_spawn spellings that differ between Glibc and Darwin, in one place.
enum SpawnPlatform {
    #if canImport(Glibc)
    /// A launch's file actions, before `posix_spawn_file_actions_init`.
    typealias Actions = posix_spawn_file_actions_t
    /// A launch's attributes, before `posix_spawnattr_init`.
    typealias Attributes = posix_spawnattr_t
    static func blankActions() -> Actions { Actions() }
    static func blankAttributes() -> Attributes { Attributes() }
    #else
    typealias Actions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?
    static func blankActions() -> Actions { nil }
    static func blankAttributes() -> Attributes { nil }
    #endif

    /// Keeps the child's descriptor `target` (0, 1 or 2) the parent's own.
    static func inherit(_ target: Int32, in actions: inout Actions) {
        #if canImport(Darwin)
        posix_spawn_file_actions_addinherit_np(&actions, target)
        #endif
    }

    /// Closes in the child every descriptor above the standard three that no action names; on
    /// Darwin by adding to `flags`. Returns why it cannot, if it cannot.
    static func closeAllButStandard(in actions: inout Actions, flags: inout Int32) -> String? {
        #if canImport(Glibc)
        guard let closeFrom else { return "posix_spawn_file_actions_addclosefrom_np needs glibc 2.34 or later" }
        let result = closeFrom(&actions, 3)
        return result == 0 ? nil : String(cString: strerror(result))
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        return nil
        #endif
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
    #endif
}
