#import "HarborAppCoordinator.h"
#import "Harbor-Swift.h"

@interface HarborAppCoordinator () <DockCoordinatorDelegate>
@property (strong, nonatomic) NSMutableArray *childCoordinators;
@property (weak, nonatomic) UIWindow *window;
@end

@implementation HarborAppCoordinator

- (instancetype)initWithWindow:(UIWindow *)window {
    if (self = [super init]) {
        _window = window;
        _childCoordinators = [[NSMutableArray alloc] init];
    }
    return self;
}

- (void)start {
    UINavigationController *navigation = [[UINavigationController alloc] init];
    self.window.rootViewController = navigation;
    if ([Session current].signedIn) {
        DockCoordinator *dock = [[DockCoordinator alloc] initWithNavigationController:navigation];
        dock.delegate = self;
        [_childCoordinators addObject:dock];
        [dock start];
    } else {
        // Not a creation: [[GhostCoordinator alloc] init]
        NSLog(@"signed out: [[PhantomCoordinator alloc] init]");
        LoginCoordinator_Legacy *login = [LoginCoordinator_Legacy new];
        [_childCoordinators addObject:login];
        [login start];
    }
}

/* [[RetiredCoordinator alloc] initWithWindow:nil] is gone. */

- (void)dockCoordinatorDidFinish:(DockCoordinator *)coordinator {
    [_childCoordinators removeObject:coordinator];
}

@end
