// swift-format-ignore-file
// (The names below are the SDK's, not ours.)
// Stand-ins for the part of macOS's CoreServices (FSEvents) that navinspect's folder watch uses,
// with the names, argument labels and types Swift imports from the macOS SDK, so that
// Sources/SourceIndex/FSEventsFolderWatch.swift type-checks on Linux (scripts/check-darwin).
// Nothing here runs: the bodies only satisfy the compiler.
// CFArray stands for the bridged type: on macOS `[String] as CFArray` bridges through Foundation.
import Dispatch

public typealias CFIndex = Int
public typealias CFTimeInterval = Double
public final class CFAllocator {}
public typealias CFArray = [String]

public typealias FSEventStreamRef = OpaquePointer
public typealias ConstFSEventStreamRef = OpaquePointer
public typealias FSEventStreamCreateFlags = UInt32
public typealias FSEventStreamEventFlags = UInt32
public typealias FSEventStreamEventId = UInt64

public typealias CFAllocatorRetainCallBack = @convention(c) (UnsafeRawPointer?) -> UnsafeRawPointer?
public typealias CFAllocatorReleaseCallBack = @convention(c) (UnsafeRawPointer?) -> Void
public typealias CFAllocatorCopyDescriptionCallBack = @convention(c) (UnsafeRawPointer?) -> OpaquePointer?

public struct FSEventStreamContext {
    public var version: CFIndex
    public var info: UnsafeMutableRawPointer?
    public var retain: CFAllocatorRetainCallBack?
    public var release: CFAllocatorReleaseCallBack?
    public var copyDescription: CFAllocatorCopyDescriptionCallBack?

    public init(
        version: CFIndex, info: UnsafeMutableRawPointer?, retain: CFAllocatorRetainCallBack?,
        release: CFAllocatorReleaseCallBack?, copyDescription: CFAllocatorCopyDescriptionCallBack?
    ) {
        self.version = version
        self.info = info
        self.retain = retain
        self.release = release
        self.copyDescription = copyDescription
    }
}

public typealias FSEventStreamCallback =
    @convention(c) (
        ConstFSEventStreamRef, UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer,
        UnsafePointer<FSEventStreamEventFlags>, UnsafePointer<FSEventStreamEventId>
    ) -> Void

public func FSEventStreamCreate(
    _ allocator: CFAllocator?, _ callback: FSEventStreamCallback, _ context: UnsafeMutablePointer<FSEventStreamContext>?,
    _ pathsToWatch: CFArray, _ sinceWhen: FSEventStreamEventId, _ latency: CFTimeInterval,
    _ flags: FSEventStreamCreateFlags
) -> FSEventStreamRef? { nil }
public func FSEventStreamSetDispatchQueue(_ streamRef: FSEventStreamRef, _ q: DispatchQueue?) {}
public func FSEventStreamStart(_ streamRef: FSEventStreamRef) -> Bool { false }
public func FSEventStreamFlushSync(_ streamRef: FSEventStreamRef) {}
public func FSEventStreamStop(_ streamRef: FSEventStreamRef) {}
public func FSEventStreamInvalidate(_ streamRef: FSEventStreamRef) {}
public func FSEventStreamRelease(_ streamRef: FSEventStreamRef) {}

// The SDK declares these in anonymous enums, which Swift imports as Int constants.
public var kFSEventStreamEventIdSinceNow: UInt64 { UInt64.max }
public var kFSEventStreamCreateFlagNoDefer: Int { 0x02 }
public var kFSEventStreamCreateFlagWatchRoot: Int { 0x04 }
public var kFSEventStreamCreateFlagFileEvents: Int { 0x10 }
public var kFSEventStreamEventFlagMustScanSubDirs: Int { 0x01 }
public var kFSEventStreamEventFlagUserDropped: Int { 0x02 }
public var kFSEventStreamEventFlagKernelDropped: Int { 0x04 }
public var kFSEventStreamEventFlagEventIdsWrapped: Int { 0x08 }
public var kFSEventStreamEventFlagRootChanged: Int { 0x20 }
public var kFSEventStreamEventFlagUnmount: Int { 0x80 }
public var kFSEventStreamEventFlagItemCreated: Int { 0x100 }
public var kFSEventStreamEventFlagItemRemoved: Int { 0x200 }
public var kFSEventStreamEventFlagItemRenamed: Int { 0x800 }
public var kFSEventStreamEventFlagItemIsDir: Int { 0x20000 }
